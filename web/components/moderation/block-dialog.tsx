import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { errorMessage } from '../../lib/api.ts';
import { useBlockToggle } from '../../lib/moderation.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

/** Asks before blocking someone, says what blocking does (and that settings undo it), then blocks. */
export function BlockDialog({
  open,
  onOpenChange,
  userId,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  name: string;
}) {
  const { t } = useTranslation();
  const toggle = useBlockToggle(userId);
  const confirm = () =>
    toggle.mutate(true, {
      onSuccess: () => {
        toast.success(t('moderation.blocked', { name }));
        onOpenChange(false);
      },
      onError: (err) => toast.error(errorMessage(err, t('moderation.blockFailed'))),
    });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('moderation.blockTitle', { name })}
      description={t('moderation.blockConfirm', { name })}
    >
      <div className="flex gap-3">
        <Button
          variant="outline"
          className="flex-1"
          disabled={toggle.isPending}
          onClick={() => onOpenChange(false)}
        >
          {t('moderation.cancel')}
        </Button>
        <Button
          className="flex-1 bg-red-700 hover:bg-red-800"
          disabled={toggle.isPending}
          onClick={confirm}
        >
          {t('moderation.block')}
        </Button>
      </div>
    </Modal>
  );
}
