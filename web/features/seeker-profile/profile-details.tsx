import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, type PickListName } from '#shared/picklists.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { ChipList } from '../../components/profile/chip-list.tsx';
import { DetailRow } from '../../components/profile/detail-row.tsx';
import { SectionCard } from '../../components/profile/section-card.tsx';

/**
 * The read-only cards of a seeker's profile: about, work, education, skills, languages, details.
 * `withEmail: false` where a contact card shows it (a recruiter's view) instead.
 */
export function ProfileDetails({
  profile: p,
  withEmail = true,
}: {
  profile: SeekerProfileView;
  withEmail?: boolean;
}) {
  const { t } = useTranslation();
  const pick = (list: PickListName, code: string | null) => (code ? pickLabel(list, code) : null);
  const years = (start: number | null, end: number | null, current = false) =>
    start ? t('profile.years', { start, end: current || !end ? t('profile.present') : end }) : null;
  const hasCollege = Boolean(p.collegeName || p.degree);
  const hasSchool = Boolean(p.schoolName);

  return (
    <div className="flex flex-col gap-3">
      <SectionCard title={t('profile.about')}>
        <p className="whitespace-pre-line text-sm text-slate-700">
          {p.introduction || t('profile.notSet')}
        </p>
      </SectionCard>

      <SectionCard title={t('profile.workExperience')}>
        {p.workExperiences.length === 0 ? (
          <p className="text-sm text-slate-500">{t('profile.notSet')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {p.workExperiences.map((w) => (
              <li key={w.id} className="text-sm">
                <p className="font-medium">
                  {t('profile.titleAt', { title: w.designation, company: w.companyName })}
                </p>
                <p className="text-slate-500">{years(w.startYear, w.endYear, w.isCurrent)}</p>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title={t('profile.education')}>
        {!hasCollege && !hasSchool && (
          <p className="text-sm text-slate-500">{t('profile.notSet')}</p>
        )}
        {hasCollege && (
          <div className="text-sm">
            <p className="font-medium">
              {[pick('degree', p.degree), p.fieldOfStudy].filter(Boolean).join(', ')}
            </p>
            <p className="text-slate-700">{p.collegeName}</p>
            <p className="text-slate-500">
              {[
                years(p.collegeStartYear, p.collegeEndYear),
                p.cgpa !== null ? t('profile.cgpa', { cgpa: p.cgpa }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        )}
        {hasSchool && (
          <div className={`text-sm ${hasCollege ? 'mt-3' : ''}`}>
            <p className="font-medium">{p.schoolName}</p>
            <p className="text-slate-500">
              {[
                years(p.schoolStartYear, p.schoolEndYear),
                p.schoolMarks !== null ? t('profile.schoolMarks', { marks: p.schoolMarks }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        )}
      </SectionCard>

      <SectionCard title={t('profile.skills')}>
        <ChipList items={p.skills} />
      </SectionCard>

      <SectionCard title={t('profile.languages')}>
        <ChipList items={p.languages} />
      </SectionCard>

      <SectionCard title={t('profile.additionalDetails')}>
        <dl>
          {withEmail && <DetailRow label={t('onboarding.email')} value={p.email} />}
          <DetailRow
            label={t('onboarding.noticePeriod')}
            value={pick('noticePeriod', p.noticePeriod)}
          />
          <DetailRow
            label={t('onboarding.educationLevel')}
            value={pick('educationLevel', p.educationLevel)}
          />
          <DetailRow
            label={t('onboarding.workExperience')}
            value={pick('workExperience', p.workExperience)}
          />
        </dl>
      </SectionCard>
    </div>
  );
}
