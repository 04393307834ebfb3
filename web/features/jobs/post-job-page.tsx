import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PublicHeader } from '../../components/layout/public-header.tsx';
import { recruiterProfileKey } from '../recruiter-profile/api.ts';
import { jobsKey } from './api.ts';
import { JobForm } from './job-form.tsx';
import { PageFooter } from './page-footer.tsx';

/** /post-job and /create-job: 'Create New Job Listing' with the header, the job form and a footer. */
export function PostJobPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function posted() {
    toast.success(t('jobs.posted'));
    // The Profile tab counters and any job lists now include the new job.
    void queryClient.invalidateQueries({ queryKey: recruiterProfileKey });
    void queryClient.invalidateQueries({ queryKey: jobsKey });
    await navigate('/recruiter-dashboard');
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-bold">{t('jobs.createTitle')}</h1>
        <p className="mb-6 mt-1 text-slate-600">{t('jobs.pageSubtitle')}</p>
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <JobForm onPosted={posted} onCancel={() => void navigate('/recruiter-dashboard')} />
        </div>
      </main>
      <PageFooter />
    </div>
  );
}
