import { Briefcase, GraduationCap, MapPin } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { MatchScore } from '../../components/job-chips.tsx';
import { Avatar } from '../../components/avatar.tsx';
import type { Candidate } from './api.ts';
import { CardLink, LinkCard } from '../../components/link-card.tsx';
import {
  distanceText,
  educationLine,
  headline,
  preferenceChips,
  reasonText,
} from '../../lib/candidate-format.ts';

const chip =
  'inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700';

/** Where a card leads: the candidate page, remembering which of the recruiter's jobs fits best. */
export const candidatePath = (c: Pick<Candidate, 'userId' | 'bestJob'>) =>
  `/candidate_details/${encodeURIComponent(c.userId)}?job=${encodeURIComponent(c.bestJob.id)}`;

/**
 * One recommended candidate. The name is the card's link (its box covers the whole card), so the
 * card is one tab stop named after the candidate, and the rest reads as its content. The dot by
 * the photo is the candidate's real presence.
 */
export function CandidateCard({ candidate: c }: { candidate: Candidate }) {
  const { t } = useTranslation();
  const name = c.fullName?.trim() || t('chat.unknownUser');
  const education = educationLine(t, c);
  return (
    <LinkCard>
      <div className="flex items-start gap-3">
        <div className="relative shrink-0">
          <Avatar name={name} url={c.profileImage} size="md" lazy />
          {c.isOnline && (
            <span
              data-testid="online-dot"
              title={t('candidates.online')}
              className="absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full border-2 border-white bg-emerald-500"
            />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <div className="flex items-start justify-between gap-2">
            <h2 className="min-w-0 break-words text-base font-semibold leading-snug text-slate-900">
              <CardLink to={candidatePath(c)}>{name}</CardLink>
              {c.isOnline && <span className="sr-only"> ({t('candidates.online')})</span>}
            </h2>
            <MatchScore score={c.matchScore} />
          </div>
          <p className="flex items-start gap-1 text-sm text-slate-700">
            <Briefcase size={14} aria-hidden="true" className="mt-0.5 shrink-0 text-slate-400" />
            <span className="line-clamp-2 break-words">{headline(t, c)}</span>
          </p>
        </div>
      </div>

      <ul className="flex flex-wrap gap-1.5">
        {preferenceChips(c).map((label, i) => (
          <li key={`${i}-${label}`} className={chip}>
            {label}
          </li>
        ))}
        <li className={chip}>
          <MapPin size={12} aria-hidden="true" />
          {distanceText(t, c)}
        </li>
      </ul>

      {education && (
        <p className="flex items-start gap-1 text-sm text-slate-600">
          <GraduationCap size={14} aria-hidden="true" className="mt-0.5 shrink-0 text-slate-400" />
          <span className="break-words">{education}</span>
        </p>
      )}

      {c.reasons.length > 0 && (
        <ul aria-label={t('candidates.matchReasons')} className="flex flex-wrap gap-1.5">
          {c.reasons.map((reason) => (
            <li
              key={reason.code}
              className="rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
            >
              {reasonText(t, reason)}
            </li>
          ))}
        </ul>
      )}

      <p className="text-xs font-medium text-slate-500">
        {t('candidates.bestFit', { title: c.bestJob.title })}
      </p>
    </LinkCard>
  );
}
