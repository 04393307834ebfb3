import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { ChipList } from '../../components/profile/chip-list.tsx';
import { DetailRow } from '../../components/profile/detail-row.tsx';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { yearsText } from '../../lib/candidate-format.ts';

const pick = (
  list: 'noticePeriod' | 'educationLevel' | 'workExperience' | 'degree',
  code: string | null,
) => (code ? pickLabel(list, code) : null);

function Empty() {
  const { t } = useTranslation();
  return <p className="text-sm text-slate-500">{t('candidates.notAdded')}</p>;
}

/**
 * The cards of the candidate page (spec "Candidate detail"): Work Experience (as the API orders
 * them, current entry first), Education, Languages, About, Additional Details.
 */
export function CandidateSections({ profile: p }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  // Entries from onboarding step 4; an older profile may only have its single current job.
  const work =
    p.workExperiences.length > 0
      ? p.workExperiences.map((w) => ({
          id: w.id,
          designation: w.designation,
          companyName: w.companyName,
          years: yearsText(t, w.startYear, w.endYear, w.isCurrent),
        }))
      : p.jobTitle || p.companyName
        ? [
            {
              id: 'profile',
              designation: p.jobTitle ?? '',
              companyName: p.companyName ?? '',
              years: yearsText(t, p.jobStartYear, p.jobEndYear, p.isCurrent),
            },
          ]
        : [];
  const hasCollege = Boolean(p.collegeName || p.degree || p.fieldOfStudy);
  const hasSchool = Boolean(p.schoolName);
  const details = [
    { label: t('candidates.noticePeriod'), value: pick('noticePeriod', p.noticePeriod) },
    { label: t('candidates.educationLevel'), value: pick('educationLevel', p.educationLevel) },
    { label: t('candidates.experience'), value: pick('workExperience', p.workExperience) },
  ];

  return (
    <div className="flex flex-col gap-3">
      <SectionCard title={t('candidates.workExperience')}>
        {work.length === 0 ? (
          <Empty />
        ) : (
          <ul className="flex flex-col gap-3">
            {work.map((w) => (
              <li key={w.id} className="text-sm">
                <p className="font-medium text-slate-900">
                  {w.designation && w.companyName
                    ? t('candidates.titleAt', { title: w.designation, place: w.companyName })
                    : w.designation || w.companyName}
                </p>
                {w.years && <p className="text-slate-500">{w.years}</p>}
              </li>
            ))}
          </ul>
        )}
      </SectionCard>

      <SectionCard title={t('candidates.education')}>
        {!hasCollege && !hasSchool && <Empty />}
        {hasCollege && (
          <div className="text-sm">
            <p className="font-medium text-slate-900">
              {[pick('degree', p.degree), p.fieldOfStudy].filter(Boolean).join(', ')}
            </p>
            {p.collegeName && <p className="text-slate-700">{p.collegeName}</p>}
            <p className="text-slate-500">
              {[
                yearsText(t, p.collegeStartYear, p.collegeEndYear),
                p.cgpa !== null ? t('candidates.cgpa', { cgpa: p.cgpa }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        )}
        {hasSchool && (
          <div className={`text-sm ${hasCollege ? 'mt-3 border-t border-slate-100 pt-3' : ''}`}>
            <p className="font-medium text-slate-900">{p.schoolName}</p>
            <p className="text-slate-500">
              {[
                yearsText(t, p.schoolStartYear, p.schoolEndYear),
                p.schoolMarks !== null
                  ? t('candidates.schoolMarks', { marks: p.schoolMarks })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        )}
      </SectionCard>

      <SectionCard title={t('candidates.languages')}>
        <ChipList items={p.languages} />
      </SectionCard>

      <SectionCard title={t('candidates.about')}>
        {p.introduction?.trim() ? (
          <p className="whitespace-pre-line break-words text-sm text-slate-700">{p.introduction}</p>
        ) : (
          <Empty />
        )}
      </SectionCard>

      <SectionCard title={t('candidates.additionalDetails')}>
        {details.some((d) => d.value) ? (
          <dl>
            {details.map((d) => (
              <DetailRow key={d.label} label={d.label} value={d.value} />
            ))}
          </dl>
        ) : (
          <Empty />
        )}
      </SectionCard>
    </div>
  );
}
