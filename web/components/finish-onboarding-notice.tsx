import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { onboardingPath } from '#shared/routes.ts';
import { ApiError } from '../lib/api.ts';
import { useMe } from '../lib/session.ts';

/** The server's refusal for recruiters who have not finished onboarding (candidates need it). */
export const needsOnboarding = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'access.finishOnboarding';

/**
 * A blocked state, not an error: the server's message (what to do and why) and a link to the
 * onboarding step the recruiter stopped at.
 */
export function FinishOnboardingNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const role = me?.role === 'user' ? 'user' : 'recruiter';
  const to = onboardingPath(role, me?.onboardingStep ?? 1);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center">
      <p role="alert" className="text-base font-semibold text-slate-700">
        {message}
      </p>
      <Link
        to={to}
        className="mt-1 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('trust.finishOnboarding')}
      </Link>
    </div>
  );
}
