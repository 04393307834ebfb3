import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { api } from '../lib/api.ts';
import { inputClass } from './ui/field.tsx';

export interface City {
  id: number;
  name: string;
  state: string;
}
/** A chosen city, 'remote' (jobs only), or nothing yet. */
export type CityValue = City | 'remote' | null;

export function cityLabel(value: CityValue, remoteLabel: string): string {
  if (value === 'remote') return remoteLabel;
  return value ? `${value.name}, ${value.state}` : '';
}

/**
 * Type-ahead over the Indian cities table (ARIA combobox): every location is a known city so
 * distances can be computed. Arrow keys move, Enter picks, Escape closes.
 */
export function CityPicker({
  id,
  value,
  onChange,
  allowRemote = false,
  invalid,
  describedBy,
}: {
  id?: string;
  value: CityValue;
  onChange: (value: CityValue) => void;
  allowRemote?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState(cityLabel(value, t('city.remote')));
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [term, setTerm] = useState('');

  // When the chosen value changes from outside (a form reset), show it: adjust state during
  // render instead of in an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (value) setText(cityLabel(value, t('city.remote')));
  }
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);

  const { data, isFetching } = useQuery({
    queryKey: ['cities', term],
    queryFn: ({ signal }) =>
      api<{ cities: City[] }>(`/api/cities?q=${encodeURIComponent(term)}&limit=8`, { signal }),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const options: CityValue[] = [
    ...(allowRemote ? (['remote'] as const) : []),
    ...(data?.cities ?? []),
  ];

  const choose = (option: CityValue) => {
    onChange(option);
    setText(cityLabel(option, t('city.remote')));
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, options.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter' && open && options[active] !== undefined) {
      e.preventDefault();
      choose(options[active]!);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <div className="relative">
      <input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options.length ? optionId(active) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder={t('city.placeholder')}
        value={text}
        className={inputClass}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {open && (
        // Not a tab stop: the options are reached with the arrows from the input (a scrolling
        // list is otherwise one in Chrome, and Tab from the input landed on a list that closes).
        <ul
          id={listId}
          role="listbox"
          tabIndex={-1}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {options.map((option, i) => (
            <li
              key={option === 'remote' ? 'remote' : option!.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700'}`}
            >
              {cityLabel(option, t('city.remote'))}
            </li>
          ))}
          {options.length === 0 && (
            <li className="px-3 py-2 text-sm text-slate-500">
              {isFetching ? t('city.loading') : t('city.noMatch')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
