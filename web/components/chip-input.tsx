import { useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { inputClass } from './ui/field.tsx';

/** Skills and languages: added on Add or Enter, trimmed, non-empty, no duplicates; removable. */
export function ChipInput({
  id,
  values,
  onChange,
  max,
  placeholder,
  addLabel,
  removeLabel,
}: {
  id?: string;
  values: string[];
  onChange: (values: string[]) => void;
  max: number;
  placeholder?: string;
  addLabel: string;
  removeLabel: (value: string) => string;
}) {
  const [draft, setDraft] = useState('');
  const add = () => {
    // At the limit the text stays, so nothing typed is lost; the field's hint says why.
    if (values.length >= max && draft.trim()) return;
    const next = addChip(values, draft, max);
    if (next) onChange(next);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex gap-2">
        <input
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={40}
          className={inputClass}
        />
        <button
          type="button"
          onClick={add}
          className="min-h-11 rounded-xl border border-brand-700 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {addLabel}
        </button>
      </div>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {values.map((v) => (
            <li
              key={v}
              className="inline-flex min-h-11 items-center rounded-full bg-brand-50 pl-3 text-sm text-brand-800"
            >
              {v}
              <button
                type="button"
                aria-label={removeLabel(v)}
                onClick={() => onChange(values.filter((x) => x !== v))}
                className="grid h-11 w-11 place-items-center rounded-full hover:bg-brand-100"
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Adding one chip from an input: trimmed, non-empty, not already there. Returns null if refused. */
function addChip(items: string[], input: string, max: number): string[] | null {
  const item = input.trim();
  if (!item || item.length > 40 || items.length >= max) return null;
  if (items.some((i) => i.toLowerCase() === item.toLowerCase())) return null;
  return [...items, item];
}
