import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { shieldReasons } from '../../lib/shield-text.ts';

/**
 * What the owner of a held job sees (on its page, in their list, after posting it): it is held,
 * why, and that a moderator will look at it; or, once a moderator hid it, that one did. `announce` reads it out when it appears (right after
 * posting); in lists and on the job page it is plain content.
 */
export function HeldJobNotice({
  reasons,
  announce = false,
}: {
  reasons: readonly string[];
  announce?: boolean;
}) {
  const { t } = useTranslation();
  // A moderator's decision is not a review still to come: the job was hidden, and says so.
  const hidden = reasons.includes('moderator');
  const flagged = reasons.filter((r) => r !== 'moderator');
  const text = hidden
    ? flagged.length > 0
      ? t('moderation.hiddenText', { reasons: shieldReasons(t, flagged) })
      : t('moderation.hiddenTextPlain')
    : reasons.length > 0
      ? t('moderation.heldText', { reasons: shieldReasons(t, reasons) })
      : t('moderation.heldTextPlain');
  return (
    <div
      role={announce ? 'status' : undefined}
      className="flex items-start gap-2.5 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <ShieldAlert size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-700" />
      <div>
        <p className="font-semibold">
          {hidden ? t('moderation.hiddenTitle') : t('moderation.heldTitle')}
        </p>
        <p>{text}</p>
      </div>
    </div>
  );
}
