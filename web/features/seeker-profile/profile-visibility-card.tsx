import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { pickOptions, type ContactVisibility } from '#shared/picklists.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { errorMessage } from '../../lib/api.ts';
import { patchSeekerProfile, seekerProfileKey } from './api.ts';

/**
 * "Profile visibility": who sees the seeker's e-mail, phone and resume (decisions.md "Contact data
 * by consent"). Native radios in a fieldset, so the group, its name and the arrow keys work the
 * way every screen reader and keyboard expects; a choice is saved at once, and a failed save puts
 * the previous choice back so the screen never shows a setting the server does not hold.
 */
export function ProfileVisibilityCard({ profile }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hintId = useId();
  const name = useId();
  // What the radios show while a save is on its way; null follows the profile.
  const [pending, setPending] = useState<ContactVisibility | null>(null);
  const value = pending ?? profile.contactVisibility;

  async function choose(next: ContactVisibility) {
    if (next === value) return;
    setPending(next);
    try {
      const saved = await patchSeekerProfile({ contactVisibility: next });
      queryClient.setQueryData(seekerProfileKey, saved);
      toast.success(t('trust.visibilitySaved'));
    } catch (err) {
      toast.error(errorMessage(err, t('trust.visibilityFailed')));
    } finally {
      setPending(null);
    }
  }

  return (
    <SectionCard title={t('trust.visibilityTitle')}>
      <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
        <legend className="sr-only">{t('trust.visibilityTitle')}</legend>
        <p id={hintId} className="text-sm text-slate-600">
          {t('trust.visibilityHint')}
        </p>
        {pickOptions('contactVisibility').map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => void choose(o.value)}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <span>{o.label}</span>
          </label>
        ))}
      </fieldset>
    </SectionCard>
  );
}
