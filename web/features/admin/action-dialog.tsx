import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { moderationActionBody } from '#shared/schemas/moderation.ts';
import { TextAreaField } from '../../components/form-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { postModerationAction, queueKey } from './api.ts';
import type { ItemAction } from './item-actions.ts';

const REASON_MAX = 1000;

/**
 * Asks why (required: every action is recorded with who, when and why), does the action and
 * reads the queue again. `subject` names what it is about (the job, the account).
 */
export function ActionDialog({
  action,
  subject,
  onClose,
}: {
  action: ItemAction | null;
  subject: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const label = action ? t(`moderation.actions.${action.action}`) : '';
  return (
    <Modal
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={label}
      description={subject || undefined}
    >
      {action && <ActionForm action={action} label={label} onClose={onClose} />}
    </Modal>
  );
}

function ActionForm({
  action,
  label,
  onClose,
}: {
  action: ItemAction;
  label: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const parsed = moderationActionBody.safeParse({ ...action, reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('moderation.reasonRequired'));
      return;
    }
    setSending(true);
    try {
      await postModerationAction(parsed.data);
      toast.success(t('moderation.actionDone', { action: label }));
      onClose();
    } catch (err) {
      // Someone else settled it meanwhile: the queue is read again either way.
      if (err instanceof ApiError && err.status === 404) {
        toast.info(t('moderation.notFound'));
        onClose();
      } else {
        toast.error(errorMessage(err, t('moderation.actionFailed')));
        setSending(false);
      }
    } finally {
      void queryClient.invalidateQueries({ queryKey: queueKey });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <TextAreaField
        label={t('moderation.actionReason')}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        error={error}
        maxLength={REASON_MAX}
        rows={3}
      />
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" disabled={sending} onClick={onClose}>
          {t('moderation.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={sending}>
          {sending ? t('moderation.sending') : t('moderation.actionConfirm')}
        </Button>
      </div>
    </form>
  );
}
