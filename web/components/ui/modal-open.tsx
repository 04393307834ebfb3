import { useRef } from 'react';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { ModalProps } from './modal.tsx';

/** The Radix dialog behind `Modal` (modal.tsx), loaded when a dialog first opens. */
export function ModalOpen({ open, onOpenChange, title, description, children }: ModalProps) {
  const { t } = useTranslation();
  // The dialogs are opened by state, not by a Radix trigger, so Radix has nothing to give focus
  // back to: the element that had focus as the dialog opened gets it back when it closes.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnTo.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(e) => {
            if (!returnTo.current?.isConnected) return;
            e.preventDefault();
            returnTo.current.focus();
          }}
          aria-modal="true"
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[90dvh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:bottom-auto sm:top-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close
              aria-label={t('profile.close')}
              className="grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <X size={18} aria-hidden="true" />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description className="mb-4 text-sm text-slate-600">
              {description}
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
