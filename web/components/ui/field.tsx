import { useId, type ReactNode } from 'react';

/**
 * A labelled form control with an optional error line tied to it for screen readers. `invalid`
 * marks the control without a line (forms that name the problem in a toast).
 */
export function Field({
  label,
  error,
  hint,
  invalid,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  invalid?: boolean;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error) || Boolean(invalid),
        'aria-describedby': described,
      })}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const inputClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base outline-none focus:border-brand-600 aria-[invalid=true]:border-red-500 disabled:bg-slate-50 disabled:text-slate-500';
