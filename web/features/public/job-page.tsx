import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IndianRupee, MessageCircle } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { pickLabel } from '#shared/picklists.ts';
import { categorySlug, jobIdFromSlug, type JobCategory } from '#shared/public-paths.ts';
import { chatPath } from '#shared/routes.ts';
import type { PublicJobDetail } from '#shared/schemas/public.ts';
import { Button } from '../../components/ui/button.tsx';
import { Bone, CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { CompanyLogo } from '../../components/company-logo.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/session.ts';
import { formatDate } from '../../lib/dates.ts';
import { jobPlace, salaryText } from '../../lib/job-format.ts';
import { homeFor } from '../../lib/where-next.ts';
import { roomWithKey, startRoom } from '../chat/api.ts';
import { absoluteUrl, PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';
import { PublicNotFound } from './public-not-found.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { usePublicJob } from './api.ts';
import { jobPosting } from './job-posting.ts';

/** `?chat=1`: the visitor asked to chat and has logged in since; the chat starts on arrival. */
const CHAT_PARAM = 'chat';

/**
 * /jobs/view/{title-company-city-id}: a job's public page, for anyone (issue 17). Title,
 * description, canonical address and JobPosting data in the page; a closed job says so. 'Chat
 * with Recruiter' sends a visitor through login and back here, where the chat then starts.
 */
export function PublicJobPage() {
  const { t } = useTranslation();
  const slug = useParams().slug ?? '';
  const id = jobIdFromSlug(slug) ?? '';
  const { data, isPending, error, refetch } = usePublicJob(id);
  const job = data?.job;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  // In-app links always use the canonical address; one typed by hand is put right (the server
  // answers a 301 for it on a fresh load).
  useEffect(() => {
    if (job && pathname !== job.path) void navigate(`${job.path}${search}`, { replace: true });
  }, [job, pathname, search, navigate]);

  const notFound =
    !id || (error instanceof ApiError && (error.status === 404 || error.status === 400));
  if (notFound)
    return (
      <PublicNotFound
        title={t('public.job.notFound')}
        text={t('public.job.notFoundText')}
        path={pathname}
      />
    );

  return (
    <PublicLayout>
      <p className="mb-4">
        <Link
          to="/jobs"
          className="inline-flex min-h-11 items-center rounded-lg px-1 text-sm font-medium text-brand-700 hover:underline"
        >
          ← {t('public.job.back')}
        </Link>
      </p>
      {isPending ? (
        <>
          <h1 className="mb-4">
            <span className="sr-only">{t('common.loading')}</span>
            <Bone className="h-8 w-3/4" />
          </h1>
          <CardListSkeleton count={2} />
        </>
      ) : !job ? (
        <>
          <h1 className="mb-4 text-2xl font-bold">{t('public.job.notFound')}</h1>
          <LoadError message={t('public.loadFailed')} onRetry={refetch} />
        </>
      ) : (
        <JobArticle job={job} />
      )}
    </PublicLayout>
  );
}

function JobArticle({ job }: { job: PublicJobDetail }) {
  const { t, i18n } = useTranslation();
  const salary = salaryText(t, i18n.language, job.minSalary, job.maxSalary);
  const open = job.status === 'open';
  const excerpt = job.description.replace(/\s+/g, ' ').slice(0, 140);
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: t('public.job.location'),
      value: job.city ? `${job.city.name}, ${job.city.state}` : jobPlace(t, job),
    },
    { label: t('public.job.type'), value: pickLabel('jobType', job.type) },
    { label: t('public.job.level'), value: pickLabel('jobLevel', job.level) },
    {
      label: t('public.job.category'),
      value: (
        <Link
          to={`/jobs/${categorySlug(job.jobCategory as JobCategory)}`}
          className="inline-flex min-h-11 items-center text-brand-700 underline"
        >
          {pickLabel('jobCategory', job.jobCategory)}
        </Link>
      ),
    },
    { label: t('public.job.posted'), value: formatDate(job.createdAt, i18n.language) },
  ];
  return (
    <article className="flex flex-col gap-6">
      <PageHead
        title={t('public.job.metaTitle', {
          title: job.title,
          company: job.company,
          location: job.location,
        })}
        description={t('public.job.metaDescription', {
          title: job.title,
          company: job.company,
          location: job.location,
          salary,
          excerpt,
        })}
        path={job.path}
        jsonLd={jobPosting(job, absoluteUrl)}
      />
      <header className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <CompanyLogo
            url={job.companyLogo}
            company={job.company}
            size={56}
            decorative
            placeholder
          />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">
              {job.title}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-base text-slate-700">
              <span>{job.company}</span>
              {job.verifiedDomain && <VerifiedMark domain={job.verifiedDomain} size={16} />}
            </p>
          </div>
        </div>
        <p className="flex items-center gap-1 text-lg font-bold text-slate-900">
          <IndianRupee size={18} aria-hidden="true" className="shrink-0" />
          <span className="sr-only">{t('public.job.salary')}: </span>
          {salary}
        </p>
      </header>

      {!open && (
        <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold text-amber-900">{t('public.job.closedTitle')}</p>
          <p className="mt-1 text-sm text-amber-900">{t('public.job.closedText')}</p>
        </div>
      )}

      <ChatAction job={job} />

      <section aria-labelledby="about-job">
        <h2 id="about-job" className="mb-2 text-lg font-bold">
          {t('public.job.aboutJob')}
        </h2>
        <p className="whitespace-pre-line leading-relaxed text-slate-800">{job.description}</p>
      </section>
      {job.requirements && (
        <section aria-labelledby="job-requirements">
          <h2 id="job-requirements" className="mb-2 text-lg font-bold">
            {t('public.job.requirements')}
          </h2>
          <p className="whitespace-pre-line leading-relaxed text-slate-800">{job.requirements}</p>
        </section>
      )}
      <section aria-labelledby="job-details">
        <h2 id="job-details" className="mb-2 text-lg font-bold">
          {t('public.job.details')}
        </h2>
        <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {facts.map((f) => (
            <div key={f.label} className="flex items-center justify-between gap-4 px-4 py-3">
              <dt className="text-sm text-slate-600">{f.label}</dt>
              <dd className="text-right text-sm font-medium text-slate-900">{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p>
        <Link
          to={`/jobs/${categorySlug(job.jobCategory as JobCategory)}`}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
        >
          {t('public.job.moreJobs', { category: pickLabel('jobCategory', job.jobCategory) })}
        </Link>
      </p>
    </article>
  );
}

/**
 * 'Chat with Recruiter': a visitor goes to login with this page (and `?chat=1`) as where to come
 * back; a signed-in seeker starts (or reopens) the job's chat and goes to it, at once when they
 * come back from login. Not for recruiters; disabled when the job is closed.
 */
function ChatAction({ job }: { job: PublicJobDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const [search] = useSearchParams();
  const open = job.status === 'open';
  const seeker = me?.role === 'user' && me.isOnboarded;

  const start = useMutation({
    mutationFn: () => startRoom({ jobId: job.id }),
    onSuccess: ({ room }) => {
      queryClient.setQueryData(roomWithKey(room.other.id, job.id), room);
      void navigate(chatPath('user', room.other.id, job.id), { replace: true });
    },
    onError: (err) => toast.error(errorMessage(err, t('chat.startChatFailed'))),
  });

  // Back from login with `?chat=1`: start the chat once.
  const started = useRef(false);
  const wantsChat = search.get(CHAT_PARAM) === '1';
  useEffect(() => {
    if (!wantsChat || !open || !seeker || started.current) return;
    started.current = true;
    start.mutate();
  }, [wantsChat, open, seeker, start]);

  if (me && me.role !== 'user' && me.role !== null)
    return <p className="text-sm text-slate-600">{t('public.job.recruiterCannotChat')}</p>;

  const onClick = () => {
    if (!me) return void navigate('/login', { state: { from: `${job.path}?${CHAT_PARAM}=1` } });
    if (!seeker) return void navigate(homeFor(me));
    start.mutate();
  };
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
      <Button
        className="w-full sm:w-auto"
        disabled={!open || start.isPending}
        aria-describedby={!open ? 'chat-closed-hint' : !me ? 'chat-login-hint' : undefined}
        onClick={onClick}
      >
        <MessageCircle size={18} aria-hidden="true" />
        {start.isPending ? t('public.job.startingChat') : t('public.job.chat')}
      </Button>
      {!open ? (
        <p id="chat-closed-hint" className="text-sm text-slate-600">
          {t('jobs.closedHint')}
        </p>
      ) : (
        !me && (
          <p id="chat-login-hint" className="text-sm text-slate-600">
            {t('public.job.chatHint')}
          </p>
        )
      )}
    </div>
  );
}
