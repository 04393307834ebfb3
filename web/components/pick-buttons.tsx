import { pickOptions, type PickListName } from '#shared/picklists.ts';

/** A pick-one group of buttons (radio semantics) over a shared pick-list. */
export function PickButtons({
  list,
  label,
  value,
  onChange,
  disabled,
}: {
  list: PickListName;
  label: string;
  value: string | null | undefined;
  onChange: (code: string) => void;
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-2">
      {pickOptions(list).map((o) => {
        const selected = value === o.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={selected}
            disabled={disabled}
            onClick={() => onChange(o.value)}
            className={`min-h-11 rounded-full border px-4 text-sm font-medium transition ${
              selected
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600'
            }`}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
