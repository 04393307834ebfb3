import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Briefcase, Search } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { UserRole } from '#shared/picklists.ts';
import { onboardingPath } from '#shared/routes.ts';
import { Logo } from '../../components/logo.tsx';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { ScreenSkeleton } from '../../components/ui/skeleton.tsx';
import { SessionCheckFailed } from '../../components/session-check-failed.tsx';
import { chooseRole } from '../auth/api.ts';
import { meKey, signInState, useMe } from '../../lib/session.ts';
import { homeFor } from '../../lib/where-next.ts';

const CHOICES: { role: UserRole; Icon: typeof Search }[] = [
  { role: 'user', Icon: Search },
  { role: 'recruiter', Icon: Briefcase },
];

/** /onboarding: Job Seeker or Boss. Users who already have a role go on to their step. */
export function RoleChoicePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { data: me, isPending, isError, refetch } = useMe();
  const [saving, setSaving] = useState<UserRole | null>(null);

  if (isPending) return <ScreenSkeleton />;
  if (isError && !me) return <SessionCheckFailed onRetry={refetch} />;
  // Signed out: the start screen with this page to come back to, as every guarded screen does.
  if (!me)
    return <Navigate to="/" replace state={signInState(location.pathname + location.search)} />;
  if (me.role) return <Navigate to={homeFor(me)} replace />;

  async function pick(role: UserRole) {
    setSaving(role);
    try {
      const user = await chooseRole(role);
      queryClient.setQueryData(meKey, user);
      toast.success(t('role.updated', { role: t(`role.${role}`) }));
      await navigate(onboardingPath(role, user.onboardingStep), { replace: true });
    } catch {
      toast.error(t('role.failed'));
      setSaving(null);
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col px-6 py-10">
      <Logo className="mb-10" />
      <h1 className="text-2xl font-bold">{t('role.title')}</h1>
      <p className="mb-6 mt-1 text-slate-600">{t('role.subtitle')}</p>
      <div className="flex flex-col gap-4">
        {CHOICES.map(({ role, Icon }) => (
          <button
            key={role}
            type="button"
            disabled={saving !== null}
            onClick={() => void pick(role)}
            className="flex items-center gap-4 rounded-2xl border-2 border-slate-200 bg-white p-5 text-left transition hover:border-brand-600 disabled:opacity-60"
          >
            <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-100 text-brand-700">
              <Icon aria-hidden="true" />
            </span>
            <span>
              <span className="block text-lg font-semibold">
                {saving === role ? t('role.saving') : t(`role.${role}`)}
              </span>
              <span className="block text-sm text-slate-600">{t(`role.${role}Description`)}</span>
            </span>
          </button>
        ))}
      </div>
      <p className="mt-6 text-center text-sm text-slate-500">{t('role.note')}</p>
      {/* Someone who signed in with the wrong number can leave before choosing. */}
      <SignOutButton className="mt-8 w-full" />
    </main>
  );
}
