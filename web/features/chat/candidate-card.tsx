import { Briefcase, GraduationCap, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { en } from '#shared/i18n/en.ts';

const label = (list: 'degree' | 'workExperience', code: string | null): string | null => {
  if (!code) return null;
  // Codes from the pick-lists get their label; anything else is shown as typed.
  return code in en.pick[list] ? pickLabel(list, code) : code;
};

/** Who the recruiter is talking to: title at company (or degree at college), city, experience. */
export function CandidateCard({ room }: { room: RoomView }) {
  const { t } = useTranslation();
  const c = room.candidate;
  const name = room.other.name?.trim() || t('chat.unknownUser');
  if (!c) return null;
  const at = (what: string | null, where: string | null) =>
    what && where ? t('chat.titleAt', { title: what, place: where }) : (what ?? where ?? '');
  const work = at(c.jobTitle, c.companyName);
  const study = at(label('degree', c.degree), c.collegeName);
  const experience = label('workExperience', c.workExperience);
  return (
    <div className="rounded-2xl bg-slate-50 px-3 py-2.5 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">
        <Link
          to={`/candidate/${room.other.id}`}
          className="inline-flex min-h-11 items-center hover:underline"
        >
          {name}
        </Link>
      </p>
      {(work || study) && (
        <p className="flex items-center gap-1.5">
          {work ? (
            <Briefcase size={14} aria-hidden="true" className="shrink-0 text-slate-500" />
          ) : (
            <GraduationCap size={14} aria-hidden="true" className="shrink-0 text-slate-500" />
          )}
          <span className="truncate">{work || study}</span>
        </p>
      )}
      {(c.city || experience) && (
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          {c.city && (
            <span className="inline-flex items-center gap-1">
              <MapPin size={12} aria-hidden="true" />
              {c.city}
            </span>
          )}
          {experience && <span>{t('chat.experience', { experience })}</span>}
        </p>
      )}
    </div>
  );
}
