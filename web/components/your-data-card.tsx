import { useState } from 'react';
import { Download, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { SectionCard } from './profile/section-card.tsx';

/**
 * 'Your data' (DPDP Act): a JSON copy of everything held about the signed-in person, and account
 * deletion. The seeker's profile and the recruiter's settings show it.
 */
export function YourDataCard() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <SectionCard title={t('profile.privacyTitle')}>
      <div className="flex flex-col gap-2">
        <a
          href="/api/me/export"
          download
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Download size={18} aria-hidden="true" />
          {t('profile.exportData')}
        </a>
        <button
          type="button"
          className="inline-flex min-h-11 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-red-600 hover:bg-red-50"
          onClick={() => setConfirming(true)}
        >
          <Trash2 size={18} aria-hidden="true" />
          {t('profile.deleteAccount')}
        </button>
      </div>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </SectionCard>
  );
}
