import { useRef, useState, type ReactNode } from 'react';
import { IndianRupee, MessageCircle } from 'lucide-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { Button } from '../../components/ui/button.tsx';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { NotFoundNotice } from '../../components/not-found-notice.tsx';
import { BackArrowButton } from '../../components/layout/back-arrow.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/session.ts';
import { useFocusOnSwitch } from '../../lib/focus.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { HeldJobNotice } from '../../components/moderation/held-job-notice.tsx';
import { SafetyMenu } from '../../components/moderation/safety-menu.tsx';
import { DistanceChip, MatchScore, ReasonChips } from '../../components/job-chips.tsx';
import { formatDate } from '../../lib/dates.ts';
import { jobPlace, salaryText } from '../../lib/job-format.ts';
import { jobChanged, setJobStatus, useJob } from './api.ts';
import { JobEditForm } from './job-edit-form.tsx';
import { RecruiterCard } from './recruiter-card.tsx';
import { roomWithKey, startRoom } from '../chat/api.ts';

/** A missing job, or an id that cannot be one (the server answers 404, or 400 for a long id). */
const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /job-detail/:id: the job (title, company, salary), the seeker's match, the description, the
 * details and the recruiter card.
 * Seekers get 'Chat with Recruiter' (disabled when closed); the owner gets Edit/Save and the
 * open/closed toggle, and sees when the scam shield or a moderator holds the job. Everyone else
 * can report the job and block its recruiter (the ⋮ menu). The server decides who may change what.
 */
export function JobDetailPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const { data: me } = useMe();
  const { data: job, isPending, error, refetch } = useJob(id);
  const [editing, setEditing] = useState(false);
  const main = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Editing starts at the form's heading (the job's title); back in view, at Edit.
  useFocusOnSwitch(editing, (edit) =>
    edit ? main.current?.querySelector('h1') : editButton.current,
  );

  const isOwner = Boolean(me && job && me.id === job.recruiter.id);
  // Opened directly (no page to go back to): the back arrow goes to the seeker's feed or the
  // recruiter's job list, Go Back to /.
  const firstPage = location.key === 'default';
  const home = me?.role === 'recruiter' ? '/recruiter-dashboard/Profile' : '/jobseeker-dashboard';
  const back = () => void (firstPage ? navigate(home) : navigate(-1));
  const goBack = () => void (firstPage ? navigate('/', { replace: true }) : navigate(-1));

  let body: ReactNode;
  if (isPending) body = <CardListSkeleton />;
  else if (!job) {
    body = isNotFound(error) ? (
      <NotFoundNotice message={t('jobs.notFound')} onBack={goBack} />
    ) : (
      <LoadError message={t('jobs.loadFailed')} onRetry={refetch} />
    );
  } else if (editing) {
    body = (
      <>
        <h1 className="mb-4 text-xl font-bold">{job.title}</h1>
        <JobEditForm job={job} onDone={() => setEditing(false)} />
      </>
    );
  } else {
    body = <JobDetails job={job} isOwner={isOwner} />;
  }

  const canChat = job && !isOwner && me?.role === 'user' && !editing;
  return (
    <div className={`mx-auto min-h-dvh max-w-md bg-white shadow-sm ${canChat ? 'pb-32' : 'pb-10'}`}>
      <header className="sticky top-0 z-10 flex items-center gap-2 border-b border-slate-100 bg-white/95 px-2 py-2 backdrop-blur">
        <BackArrowButton onClick={back} label={t('jobs.back')} />
        <p className="flex-1 text-lg font-bold">{t('jobs.detailTitle')}</p>
        {isOwner && !editing && (
          <Button
            ref={editButton}
            variant="outline"
            className="min-h-11 px-3"
            onClick={() => setEditing(true)}
          >
            {t('jobs.edit')}
          </Button>
        )}
        {job && !isOwner && <JobMenu job={job} />}
      </header>
      <main ref={main} className="px-4 py-4">
        {body}
      </main>
      {canChat && <ChatBar job={job} />}
    </div>
  );
}

function JobDetails({ job, isOwner }: { job: JobView; isOwner: boolean }) {
  const { t, i18n } = useTranslation();
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  const open = job.status === 'open';
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t('jobs.location'),
      value: (
        <span className="flex flex-wrap items-center gap-2">
          {jobPlace(t, job)}
          {job.match && job.cityId !== null && <DistanceChip job={job} />}
        </span>
      ),
    },
    { label: t('jobs.type'), value: pickLabel('jobType', job.type) },
    { label: t('jobs.level'), value: pickLabel('jobLevel', job.level) },
    { label: t('jobs.category'), value: pickLabel('jobCategory', job.jobCategory) },
  ];

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="job-title" className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h1 id="job-title" className="text-2xl font-bold leading-tight text-slate-900">
            {job.title}
          </h1>
          <StatusBadge open={open} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base text-slate-700">
          <span>{job.company}</span>
          {job.recruiter.isVerified && (
            <VerifiedMark domain={job.recruiter.verifiedDomain} size={16} />
          )}
        </p>
        {/* Small screens (issue 15): the salary sits in the header, not down in the details. */}
        <p
          data-testid="job-salary"
          className="flex items-center gap-1 text-lg font-bold text-slate-900"
        >
          <IndianRupee size={18} aria-hidden="true" className="shrink-0" />
          <span className="sr-only">{t('jobs.salary')}: </span>
          {salary}
        </p>
        <p className="text-sm text-slate-500">
          {t('jobs.postedOn', { date: formatDate(job.createdAt, i18n.language) })}
        </p>
        {job.match && (
          <div className="mt-1 flex flex-col gap-2 rounded-2xl bg-brand-50 p-3">
            <div>
              <MatchScore score={job.match.score} />
            </div>
            <ReasonChips reasons={job.match.reasons} />
          </div>
        )}
      </section>

      {isOwner && job.moderation.state === 'held' && (
        <HeldJobNotice reasons={job.moderation.reasons} />
      )}

      {isOwner && <StatusToggle job={job} />}

      <section aria-labelledby="job-description">
        <h2 id="job-description" className="mb-2 text-lg font-bold">
          {t('jobs.aboutJob')}
        </h2>
        <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">
          {job.description}
        </p>
      </section>

      {job.requirements && (
        <section aria-labelledby="job-requirements">
          <h2 id="job-requirements" className="mb-2 text-lg font-bold">
            {t('jobs.requirements')}
          </h2>
          <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">
            {job.requirements}
          </p>
        </section>
      )}

      <section aria-labelledby="job-facts">
        <h2 id="job-facts" className="mb-2 text-lg font-bold">
          {t('jobs.details')}
        </h2>
        <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200">
          {facts.map((f) => (
            <div key={f.label} className="flex items-start justify-between gap-4 px-4 py-3">
              <dt className="text-sm text-slate-500">{f.label}</dt>
              <dd className="text-right text-sm font-medium text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <RecruiterCard job={job} canReport={!isOwner} />
    </div>
  );
}

/** Report this job, or block the recruiter who posted it. */
function JobMenu({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const name = job.recruiter.fullName?.trim() || t('recruiterHome.defaultName');
  return (
    <SafetyMenu
      label={t('moderation.moreActions')}
      reports={[
        {
          label: t('moderation.reportJob'),
          title: t('moderation.reportJobTitle'),
          target: { jobId: job.id },
        },
      ]}
      block={{ userId: job.recruiter.id, name, label: t('moderation.blockRecruiter') }}
    />
  );
}

function StatusBadge({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${
        open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'
      }`}
    >
      {open ? t('jobs.open') : t('jobs.closed')}
    </span>
  );
}

/** The owner's open/closed toggle (spec section 4). */
function StatusToggle({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = job.status === 'open';
  const change = useMutation({
    mutationFn: (status: JobView['status']) => setJobStatus(job.id, status),
    onSuccess: (saved) => {
      jobChanged(queryClient, saved);
      toast.success(saved.status === 'open' ? t('jobs.markedOpen') : t('jobs.markedClosed'));
    },
    onError: (err) => toast.error(errorMessage(err, t('jobs.statusFailed'))),
  });
  return (
    <div className="flex items-center justify-between gap-3 rounded-2xl border border-slate-200 px-4 py-3">
      <p className="text-sm text-slate-600">
        {t('jobs.status')}:{' '}
        <span className="font-semibold text-slate-900">
          {open ? t('jobs.open') : t('jobs.closed')}
        </span>
      </p>
      <Button
        variant="outline"
        className="min-h-11 px-3"
        disabled={change.isPending}
        onClick={() => change.mutate(open ? 'closed' : 'open')}
      >
        {open ? t('jobs.markClosed') : t('jobs.markOpen')}
      </Button>
    </div>
  );
}

/**
 * 'Chat with Recruiter': starts (or reopens) the room of this job, then opens the chat. Disabled
 * when the job is closed.
 */
function ChatBar({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const closed = job.status !== 'open';
  const start = useMutation({
    mutationFn: () => startRoom({ jobId: job.id }),
    onSuccess: ({ room, created }) => {
      queryClient.setQueryData(roomWithKey(job.recruiter.id, job.id), room);
      // Only a new conversation is "started"; the same button also reopens an existing one.
      if (created) toast.success(t('chat.chatStarted'));
      void navigate(`/jobseeker-chat/${job.recruiter.id}?job=${encodeURIComponent(job.id)}`);
    },
    onError: (err) => toast.error(errorMessage(err, t('chat.startChatFailed'))),
  });
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)]">
      <div className="mx-auto flex max-w-md flex-col gap-1 px-4 py-3">
        {closed && (
          <p id="job-closed-hint" className="text-center text-xs text-slate-500">
            {t('jobs.closedHint')}
          </p>
        )}
        <Button
          className="w-full"
          disabled={closed || start.isPending}
          aria-describedby={closed ? 'job-closed-hint' : undefined}
          onClick={() => start.mutate()}
        >
          <MessageCircle size={18} aria-hidden="true" />
          {t('jobs.chatWithRecruiter')}
        </Button>
      </div>
    </div>
  );
}
