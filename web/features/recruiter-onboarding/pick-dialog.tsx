import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDown, X } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, pickOptions, type PickListName } from '#shared/picklists.ts';

/**
 * A pick-list field of the company step: a button showing the chosen label opens a modal dialog
 * (native <dialog>: focus moves inside and stays there, Escape closes, focus returns) with the
 * options as radio buttons. A tap, or Enter on the focused option, picks and closes; arrow keys
 * only move through the options, so keyboard users are not thrown out on the first key press.
 */
export function PickDialog({
  list,
  label,
  value,
  onChange,
  invalid,
  error,
}: {
  list: PickListName;
  label: string;
  value: string | null;
  onChange: (code: string) => void;
  invalid?: boolean;
  /** Shown under the field and read with it (decision 022). */
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const pointer = useRef(false);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(value);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      const target =
        d.querySelector<HTMLInputElement>('input[type=radio]:checked') ??
        d.querySelector<HTMLInputElement>('input[type=radio]');
      target?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  const openDialog = () => {
    setPending(value);
    setOpen(true);
  };
  const commit = (code: string) => {
    onChange(code);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    pointer.current = false;
    if (e.key === 'Enter' && pending) {
      e.preventDefault();
      commit(pending);
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-button`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <button
        id={`${id}-button`}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={error ? `${id}-value ${id}-error` : `${id}-value`}
        aria-invalid={invalid || Boolean(error)}
        onClick={openDialog}
        className="flex min-h-11 w-full items-center justify-between rounded-xl border border-slate-300 bg-white px-3 text-left text-base aria-[invalid=true]:border-red-500"
      >
        <span id={`${id}-value`} className={value ? 'text-slate-900' : 'text-slate-500'}>
          {value ? pickLabel(list, value) : t('onboarding.choose')}
        </span>
        <ChevronDown size={18} aria-hidden="true" className="text-slate-500" />
      </button>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}

      <dialog
        ref={dialog}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          // A tap on the backdrop lands on the <dialog> itself: close without picking.
          if (e.target === e.currentTarget) setOpen(false);
        }}
        className="m-auto w-[min(92vw,24rem)] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-4">
          <div className="mb-3 flex items-center justify-between">
            <h2 id={`${id}-title`} className="text-lg font-bold">
              {label}
            </h2>
            <button
              type="button"
              aria-label={t('onboarding.closeDialog')}
              onClick={() => setOpen(false)}
              className="grid h-11 w-11 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          <div role="radiogroup" aria-labelledby={`${id}-title`} className="flex flex-col gap-1">
            {pickOptions(list).map((o) => (
              <label
                key={o.value}
                onPointerDown={() => {
                  pointer.current = true;
                }}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:checked]:text-brand-800"
              >
                <input
                  type="radio"
                  name={`${id}-option`}
                  value={o.value}
                  checked={pending === o.value}
                  onChange={() => setPending(o.value)}
                  onClick={() => {
                    // Arrow keys also "click" a radio: only a tap picks and closes.
                    if (pointer.current) commit(o.value);
                    pointer.current = false;
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {o.label}
              </label>
            ))}
          </div>
        </div>
      </dialog>
    </div>
  );
}
