import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { deleteAccountBody } from '#shared/schemas/profile.ts';
import { Button } from './ui/button.tsx';
import { Field, inputClass } from './ui/field.tsx';
import { api, errorMessage } from '../lib/api.ts';
import { endSession, useMe } from '../lib/session.ts';
import { validate } from '../lib/validate.ts';
import { Modal } from './ui/modal.tsx';

/** Deletes the signed-in account, whatever its role (DELETE /api/me). */
const deleteMyAccount = () =>
  api<void>('/api/me', { method: 'DELETE', body: { confirm: 'DELETE' } });

/**
 * Account deletion (DPDP Act), for seekers and recruiters alike: the person types DELETE to
 * confirm; everything is removed and the app lands on the start screen signed out.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A recruiter has no resume but jobs and company details: the dialog says what goes for them.
  const { data: me } = useMe();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    const checked = validate(deleteAccountBody, { confirm: word.trim() });
    if (!checked.ok) {
      setError(checked.first);
      return;
    }
    setDeleting(true);
    try {
      await deleteMyAccount();
      // The account is gone: this device forgets it as on signing out (its unsent messages too).
      await endSession(queryClient);
      toast.success(t('profile.deleted'));
      await navigate('/', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, t('profile.deleteFailed')));
      setDeleting(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (deleting) return;
        if (!next) {
          setWord('');
          setError(undefined);
        }
        onOpenChange(next);
      }}
      title={t('profile.deleteConfirmTitle')}
      description={t(
        me?.role === 'recruiter'
          ? 'profile.deleteConfirmTextRecruiter'
          : 'profile.deleteConfirmText',
      )}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
      >
        <Field label={t('profile.deleteConfirmLabel')} error={error}>
          {(p) => (
            <input
              {...p}
              // Focus goes straight to the confirmation box when the dialog opens.
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              className={inputClass}
              value={word}
              onChange={(e) => setWord(e.target.value)}
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={deleting} onClick={() => onOpenChange(false)}>
            {t('profile.cancel')}
          </Button>
          <button
            type="submit"
            disabled={deleting}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60"
          >
            {deleting ? t('profile.deleting') : t('profile.deleteAccount')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
