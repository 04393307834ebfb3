import { useId, type InputHTMLAttributes } from 'react';
import type { PickListName } from '#shared/picklists.ts';
import { ChipInput } from './chip-input.tsx';
import { PickSelect } from './pick-select.tsx';
import { Field, inputClass } from './ui/field.tsx';

/**
 * What every labelled field takes: its label, the error to show under it, an optional hint, and
 * `invalid` to mark it without a message (forms that name the problem in a toast).
 */
interface Labelled {
  label: string;
  error?: string;
  hint?: string;
  invalid?: boolean;
}

/** The value, setter and error of one form key, as `bindField` hands them to a field. */
export interface Bound<V> {
  value: V;
  onChange: (value: V) => void;
  error?: string;
}

/**
 * Binds form state to fields: `const f = bindField(values, set, errors)` then
 * `<TextField label=… {...f('fullName')} />`. One place decides how a key meets its field.
 */
export function bindField<T extends object>(
  values: T,
  set: <K extends keyof T>(key: K, value: T[K]) => void,
  errors: Partial<Record<string, string>>,
) {
  return <K extends keyof T & string>(key: K): Bound<T[K]> => ({
    value: values[key],
    onChange: (value) => set(key, value),
    error: errors[key],
  });
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'className' | 'children'
>;

export function TextField({
  label,
  error,
  hint,
  invalid,
  value,
  onChange,
  ...input
}: Labelled & Bound<string> & InputProps) {
  return (
    <Field label={label} error={error} hint={hint} invalid={invalid}>
      {(p) => (
        <input
          {...input}
          {...p}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A text area; with `counter`, a live "n/max" line read out to screen readers. */
export function TextAreaField({
  label,
  error,
  hint,
  invalid,
  value,
  onChange,
  maxLength,
  rows = 4,
  placeholder,
  autoComplete,
  counter,
}: Labelled &
  Bound<string> & {
    maxLength: number;
    rows?: number;
    placeholder?: string;
    autoComplete?: string;
    counter?: (length: number) => string;
  }) {
  const counterId = useId();
  return (
    <div className="flex flex-col gap-1">
      <Field label={label} error={error} hint={hint} invalid={invalid}>
        {(p) => (
          <textarea
            {...p}
            autoComplete={autoComplete}
            aria-describedby={
              [p['aria-describedby'], counter && counterId].filter(Boolean).join(' ') || undefined
            }
            rows={rows}
            maxLength={maxLength}
            placeholder={placeholder}
            className={`${inputClass} py-2`}
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      </Field>
      {counter && (
        <p id={counterId} className="text-right text-xs text-slate-500" aria-live="polite">
          {counter(value.length)}
        </p>
      )}
    </div>
  );
}

/** A select over one of the shared pick-lists. */
export function PickField({
  label,
  error,
  hint,
  invalid,
  value,
  onChange,
  list,
  only,
  placeholder,
  disabled,
}: Labelled &
  Bound<string> & {
    list: PickListName;
    only?: readonly string[];
    placeholder?: string;
    disabled?: boolean;
  }) {
  return (
    <Field label={label} error={error} hint={hint} invalid={invalid}>
      {(p) => (
        <PickSelect
          {...p}
          list={list}
          only={only}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** Skills or languages as removable chips. */
export function ChipsField({
  label,
  error,
  hint,
  value,
  onChange,
  max,
  fullHint,
  placeholder,
  addLabel,
  removeLabel,
}: Omit<Labelled, 'invalid'> &
  Bound<string[]> & {
    max: number;
    /** Shown once `max` chips are there: why another one is not added. */
    fullHint: string;
    placeholder?: string;
    addLabel: string;
    removeLabel: (value: string) => string;
  }) {
  return (
    <Field label={label} error={error} hint={value.length >= max ? fullHint : hint}>
      {(p) => (
        <ChipInput
          id={p.id}
          values={value}
          onChange={onChange}
          max={max}
          placeholder={placeholder}
          addLabel={addLabel}
          removeLabel={removeLabel}
        />
      )}
    </Field>
  );
}
