import { Lock, Mail, Phone } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { formatPhone } from '#shared/phone.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { SectionCard } from './section-card.tsx';

const link =
  'inline-flex min-h-11 items-center font-medium text-brand-700 underline-offset-2 hover:underline break-all';

/**
 * A candidate's contact details as a recruiter sees them. They are there only by the seeker's
 * consent (`contactShared`, decided by the server); otherwise the card says when they will be,
 * instead of leaving the recruiter to guess why there is no e-mail or resume.
 */
export function ContactCard({
  profile,
}: {
  profile: Pick<SeekerProfileView, 'contactShared' | 'email' | 'phone'>;
}) {
  const { t } = useTranslation();
  if (profile.contactShared && !profile.email && !profile.phone) return null;
  return (
    <SectionCard title={t('trust.contactTitle')}>
      {profile.contactShared ? (
        <dl className="flex flex-col text-sm">
          {profile.email && (
            <div className="flex items-center gap-2">
              <Mail size={16} aria-hidden="true" className="shrink-0 text-slate-500" />
              <dt className="sr-only">{t('trust.email')}</dt>
              <dd className="min-w-0">
                <a href={`mailto:${profile.email}`} className={link}>
                  {profile.email}
                </a>
              </dd>
            </div>
          )}
          {profile.phone && (
            <div className="flex items-center gap-2">
              <Phone size={16} aria-hidden="true" className="shrink-0 text-slate-500" />
              <dt className="sr-only">{t('trust.phone')}</dt>
              <dd className="min-w-0">
                {/* Grouped as people in India write it, +91 98765 43210, like the login screen. */}
                <a href={`tel:${profile.phone}`} className={link}>
                  {formatPhone(profile.phone)}
                </a>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <Lock size={16} aria-hidden="true" className="mt-0.5 shrink-0 text-slate-500" />
          {t('trust.sharedOnceTheyChat')}
        </p>
      )}
    </SectionCard>
  );
}
