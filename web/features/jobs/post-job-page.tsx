import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { HeldJobNotice } from '../../components/moderation/held-job-notice.tsx';
import { PublicHeader } from '../../components/layout/public-header.tsx';
import { recruiterProfileKey } from '../recruiter-profile/api.ts';
import { jobsKey } from './api.ts';
import { JobForm } from './job-form.tsx';
import { PageFooter } from './page-footer.tsx';

const linkButton =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 text-sm font-semibold';

/**
 * /post-job and /create-job: 'Create New Job Listing' with the header, the job form and a footer.
 * A post the scam shield holds is saved but not shown to seekers: the screen says so and why,
 * instead of the usual success.
 */
export function PostJobPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [held, setHeld] = useState<JobView | null>(null);

  async function posted(job: JobView) {
    // The Profile tab counters and any job lists now include the new job.
    void queryClient.invalidateQueries({ queryKey: recruiterProfileKey });
    void queryClient.invalidateQueries({ queryKey: jobsKey });
    if (job.moderation.state === 'held') {
      setHeld(job);
      return;
    }
    toast.success(t('jobs.posted'));
    await navigate('/recruiter-dashboard');
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-bold">{t('jobs.createTitle')}</h1>
        <p className="mb-6 mt-1 text-slate-600">{t('jobs.pageSubtitle')}</p>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          {held ? (
            <div className="flex flex-col gap-4">
              <p className="font-semibold text-slate-900">{t('moderation.heldPosted')}</p>
              <HeldJobNotice reasons={held.moderation.reasons} announce />
              <div className="flex flex-wrap gap-3">
                <Link
                  to={`/job-detail/${encodeURIComponent(held.id)}`}
                  className={`${linkButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
                >
                  {t('moderation.viewJob')}
                </Link>
                <Link
                  to="/recruiter-dashboard"
                  className={`${linkButton} bg-brand-700 text-white hover:bg-brand-800`}
                >
                  {t('moderation.toDashboard')}
                </Link>
              </div>
            </div>
          ) : (
            <JobForm onPosted={posted} onCancel={() => void navigate('/recruiter-dashboard')} />
          )}
        </div>
      </main>
      <PageFooter />
    </div>
  );
}
