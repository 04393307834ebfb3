import { useId } from 'react';

/**
 * An on/off setting: a real checkbox with `role="switch"` (Space toggles it, screen readers say
 * "switch, on"), named by its label and described by its hint. The whole row is the target (at
 * least 44 px high); `busy` keeps the switch focusable but ignores changes while one is saved.
 */
export function Switch({
  label,
  hint,
  checked,
  busy = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 py-2">
      <span className="min-w-0 flex-1">
        <span id={`${id}-label`} className="block text-sm font-medium text-slate-900">
          {label}
        </span>
        {hint && (
          <span id={`${id}-hint`} className="block text-xs text-slate-500">
            {hint}
          </span>
        )}
      </span>
      <span className="relative inline-flex shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-labelledby={`${id}-label`}
          aria-describedby={hint ? `${id}-hint` : undefined}
          aria-busy={busy || undefined}
          onChange={(e) => {
            if (!busy) onChange(e.target.checked);
          }}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand-700"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </label>
  );
}
