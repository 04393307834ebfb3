import type { ReactNode } from 'react';
import { FileDown, MapPin, MessageCircle } from 'lucide-react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { CardListSkeleton, ScreenSkeleton } from '../../components/ui/skeleton.tsx';
import { SessionCheckFailed } from '../../components/session-check-failed.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { NotFoundNotice } from '../../components/not-found-notice.tsx';
import { BackArrowButton } from '../../components/layout/back-arrow.tsx';
import { ContactCard } from '../../components/profile/contact-card.tsx';
import {
  FinishOnboardingNotice,
  needsOnboarding,
} from '../../components/finish-onboarding-notice.tsx';
import { errorMessage } from '../../lib/api.ts';
import { signInState, useMe } from '../../lib/session.ts';
import { ADMIN_HOME, homePathOf } from '../../lib/where-next.ts';
import { useCandidate } from '../seeker-profile/api.ts';
import { Avatar } from '../../components/avatar.tsx';
import { SafetyMenu } from '../../components/moderation/safety-menu.tsx';
import { workLine } from '../../lib/work-line.ts';
import { CandidateSections } from './candidate-sections.tsx';
import { useDownloadResume, useStartChatting } from './use-candidate-actions.ts';

/**
 * /candidate_details/:id (?job= the recruiter's job that fits best, from the Home list).
 * The spec lists no guard, but the server shows a candidate only to a signed-in recruiter (and a
 * seeker their own): a signed-out visitor is sent to / like the guard does (and comes back here
 * after logging in); anyone else the server refuses sees 'Candidate not found'. E-mail, phone and
 * the resume are there only by the candidate's consent (`contactShared`); a refusal with a
 * message (a daily limit, an unfinished onboarding) is shown as the server said it.
 */
export function CandidateDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const jobId = useSearchParams()[0].get('job');
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const signedIn = Boolean(me.data);
  const candidate = useCandidate(id, signedIn);

  // Opened directly (no page to go back to): go to the home of the signed-in role.
  const back = () =>
    void (location.key === 'default'
      ? navigate(homePathOf(me.data?.role ?? null), { replace: true })
      : navigate(-1));

  if (me.isPending) return <ScreenSkeleton />;
  if (me.isError && !me.data) return <SessionCheckFailed onRetry={me.refetch} />;
  if (!me.data)
    return <Navigate to="/" replace state={signInState(location.pathname + location.search)} />;
  // Moderators have no recruiter screens.
  if (me.data.role === 'admin') return <Navigate to={ADMIN_HOME} replace />;

  const profile = candidate.data;
  const isRecruiter = me.data.role === 'recruiter';
  let body: ReactNode;
  if (candidate.isPending) body = <CardListSkeleton />;
  else if (needsOnboarding(candidate.error)) {
    body = (
      <FinishOnboardingNotice
        message={errorMessage(candidate.error, t('candidates.detailsFailed'))}
      />
    );
  } else if (candidate.isError) {
    // The server's message when it gave one (a daily limit says when to try again).
    body = (
      <LoadError
        message={errorMessage(candidate.error, t('candidates.detailsFailed'))}
        onRetry={candidate.refetch}
      >
        <Button variant="outline" onClick={back}>
          {t('common.goBack')}
        </Button>
      </LoadError>
    );
  } else if (!profile) {
    body = <NotFoundNotice message={t('candidates.notFound')} onBack={back} />;
  } else body = <CandidateBody profile={profile} />;

  const name = profile?.fullName?.trim() || (profile ? t('chat.unknownUser') : '');
  return (
    <div
      className={`mx-auto min-h-dvh max-w-md bg-white shadow-sm ${profile && isRecruiter ? 'pb-28' : 'pb-10'}`}
    >
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-100 bg-white/95 px-2 py-2 backdrop-blur">
        <BackArrowButton onClick={back} label={t('candidates.back')} />
        <h1 className="line-clamp-2 min-w-0 flex-1 break-words text-base font-bold leading-tight">
          {name}
        </h1>
        {profile?.contactShared && profile.hasResume && <ResumeButton userId={profile.userId} />}
        {profile && isRecruiter && (
          <SafetyMenu
            label={t('moderation.moreActionsFor', { name })}
            reports={[
              {
                label: t('moderation.report'),
                title: t('moderation.reportPersonTitle', { name }),
                target: { userId: profile.userId },
              },
            ]}
            block={{ userId: profile.userId, name }}
          />
        )}
      </header>
      <main className="px-4 py-4">{body}</main>
      {profile && isRecruiter && <ChatBar seekerId={profile.userId} jobId={jobId} />}
    </div>
  );
}

function CandidateBody({ profile }: { profile: SeekerProfileView }) {
  const { t } = useTranslation();
  const work = workLine(t, profile.jobTitle, profile.companyName);
  return (
    <div className="flex flex-col gap-4">
      <section className="flex items-center gap-4">
        <Avatar name={profile.fullName} url={profile.profileImage} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-800">{work ?? t('candidates.noDetails')}</p>
          {profile.city && (
            <p className="mt-1 inline-flex items-center gap-1 text-sm text-slate-500">
              <MapPin size={14} aria-hidden="true" />
              {profile.city.name}, {profile.city.state}
            </p>
          )}
          {/* Shared, but nothing to download: say so rather than offer a button that fails. */}
          {profile.contactShared && !profile.hasResume && (
            <p className="mt-1 text-sm text-slate-500">{t('candidates.noResume')}</p>
          )}
        </div>
      </section>
      <ContactCard profile={profile} />
      <CandidateSections profile={profile} />
    </div>
  );
}

function ResumeButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { busy, download } = useDownloadResume(userId);
  return (
    <Button
      variant="outline"
      className="min-h-11 shrink-0 px-3"
      disabled={busy}
      onClick={() => void download()}
    >
      <FileDown size={16} aria-hidden="true" />
      {t('candidates.downloadResume')}
    </Button>
  );
}

/** The fixed 'Start Chatting' bar (recruiters only). */
function ChatBar({ seekerId, jobId }: { seekerId: string; jobId: string | null }) {
  const { t } = useTranslation();
  const start = useStartChatting(seekerId, jobId);
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto max-w-md px-4 py-3">
        <Button className="w-full" disabled={start.isPending} onClick={() => start.mutate()}>
          <MessageCircle size={18} aria-hidden="true" />
          {t('candidates.startChatting')}
        </Button>
      </div>
    </div>
  );
}
