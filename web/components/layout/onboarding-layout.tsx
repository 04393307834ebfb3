import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { Logo } from '../logo.tsx';
import { SignOutButton } from '../sign-out-button.tsx';
import { SwitchRoleButton } from '../switch-role-button.tsx';

/**
 * Frame of every onboarding step: back link, progress, title and subtitle, then the form, and
 * Sign Out last: until onboarding ends no other screen is reachable, so it is the only way to
 * leave an account (a shared phone, a mistyped number).
 */
export function OnboardingLayout({
  step,
  total,
  title,
  subtitle,
  backTo,
  children,
}: {
  step: number;
  total: number;
  title: string;
  subtitle?: string;
  backTo?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col bg-white px-5 pb-10 pt-5">
      <div className="mb-6 flex items-center justify-between">
        {backTo ? (
          <Link
            to={backTo}
            className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
          >
            <ArrowLeft size={18} aria-hidden="true" />
            {t('onboarding.back')}
          </Link>
        ) : (
          <Logo />
        )}
        <span className="text-sm text-slate-500">{t('onboarding.stepOf', { step, total })}</span>
      </div>
      <div
        className="mb-6 h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={step}
        aria-label={t('onboarding.stepOf', { step, total })}
      >
        <div
          className="h-full rounded-full bg-brand-600"
          style={{ width: `${(step / total) * 100}%` }}
        />
      </div>
      <h1 className="text-2xl font-bold">{title}</h1>
      {subtitle && <p className="mb-6 mt-1 text-slate-600">{subtitle}</p>}
      {children}
      {step === 1 && <SwitchRoleButton />}
      <SignOutButton className="mt-8 w-full" />
    </main>
  );
}
