import { useEffect, useState, type FormEvent } from 'react';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { truncateCode } from '#shared/login-code.ts';
import { verificationSend, verificationVerify } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/form-fields.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { BackArrowLink } from '../../components/layout/back-arrow.tsx';
import { recruiterProfileKey, useRecruiterProfile } from '../recruiter-profile/api.ts';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { sendCompanyCode, skipVerification, verifyCompanyCode } from './api.ts';
import { CompanySummary } from './company-summary.tsx';
import { invalidFields } from './invalid-fields.ts';
import { useStepDone } from './use-step-done.ts';

/** Spec: after a successful verification, move on after 1.5 seconds. */
const REDIRECT_DELAY_MS = 1500;

/**
 * Whether the e-mail belongs to the website's company is decided on the server (Public Suffix
 * List, free-mail and look-alike lists): these refusals name the field they are about, so the
 * message goes under that field as well as into the toast.
 */
const FIELD_OF_CODE: Record<string, 'email' | 'websiteUrl'> = {
  'onboarding.domainMismatch': 'email',
  'companyDomain.freeMail': 'email',
  'companyDomain.lookalike': 'email',
  'companyDomain.brand': 'email',
  'companyDomain.invalidWebsite': 'websiteUrl',
};

type FieldError = { field: 'email' | 'websiteUrl'; message: string } | null;

function fieldError(err: unknown, message: string): FieldError {
  const field = err instanceof ApiError && err.status === 400 ? FIELD_OF_CODE[err.code] : undefined;
  return field ? { field, message } : null;
}

/** Step 3: a real code to the office e-mail (its company domain must be the website's), or skip. */
export function VerificationStep() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useRecruiterProfile();
  return (
    <OnboardingLayout
      step={3}
      total={4}
      title={t('onboarding.verifyTitle')}
      subtitle={t('onboarding.verifySubtitle')}
      backTo="/onboarding/recruiter/2"
    >
      {isPending ? <CardListSkeleton /> : <VerificationForm profile={profile ?? null} />}
    </OnboardingLayout>
  );
}

/**
 * The same verification for a recruiter who skipped it while onboarding (/recruiter-settings/verify,
 * from Profile Settings): no skip, and back to the settings once verified.
 */
export function LaterVerificationPage() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useRecruiterProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = () => {
    void queryClient.invalidateQueries({ queryKey: recruiterProfileKey });
    void navigate('/recruiter-settings');
  };
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-5 p-4">
      <header className="flex items-center gap-2">
        <BackArrowLink to="/recruiter-settings" label={t('settings.title')} />
        <div>
          <h1 className="text-xl font-bold">{t('onboarding.verifyTitle')}</h1>
          <p className="text-sm text-slate-600">{t('onboarding.verifySubtitle')}</p>
        </div>
      </header>
      {isPending ? (
        <CardListSkeleton />
      ) : (
        <VerificationForm profile={profile ?? null} later={{ onVerified: back }} />
      )}
    </main>
  );
}

function VerificationForm({
  profile,
  later,
}: {
  profile: RecruiterProfileView | null;
  /** Verifying after onboarding: no skip, and this instead of going on to step 4. */
  later?: { onVerified: () => void };
}) {
  const { t } = useTranslation();
  const { remember, go: goStep, done } = useStepDone();
  const go = (step: number) => (later ? later.onVerified() : goStep(step));
  const [website, setWebsite] = useState(profile?.websiteUrl ?? '');
  const [email, setEmail] = useState(profile?.email ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [serverError, setServerError] = useState<FieldError>(null);
  const [busy, setBusy] = useState<'send' | 'verify' | 'skip' | null>(null);
  const [verified, setVerified] = useState(false);
  // Back at step 3 once verified (the Back of step 4): the mark is there, so the step says so and
  // goes on, instead of asking for a code again beside 'Skip for now'.
  const alreadyVerified = !later && profile?.isVerified === true;

  useEffect(() => {
    if (!verified) return;
    const timer = setTimeout(() => void go(4), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // `go` is made anew each render: the timer is set once, when verified.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verified]);

  /** A refused send or verify: the toast, and the message under the field it is about. */
  function refused(err: unknown, fallback: string) {
    const message = errorMessage(err, fallback);
    setServerError(fieldError(err, message));
    toast.error(message);
  }

  /** Website and e-mail as the server will see them, or null after showing what is wrong. */
  function company() {
    const parsed = verificationSend.safeParse({ websiteUrl: website, email });
    if (parsed.success) return parsed.data;
    setInvalid(invalidFields(parsed.error));
    // The first message under its field too (decision 022).
    const first = parsed.error.issues[0];
    const field = first?.path[0];
    if (first && (field === 'email' || field === 'websiteUrl'))
      setServerError({ field, message: first.message });
    toast.error(first?.message ?? t('onboarding.sendOtpFailed'));
    return null;
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    const target = company();
    if (!target) return;
    setInvalid(new Set());
    setServerError(null);
    setBusy('send');
    try {
      await sendCompanyCode(target);
      setSentTo(target.email);
      toast.success(t('onboarding.otpSentEmail', { email: target.email }));
    } catch (err) {
      refused(err, t('onboarding.sendOtpFailed'));
      // Too soon after the last code to this address (a reload, another tab): that code is still
      // good, so the place to type it opens along with the message to wait.
      if (err instanceof ApiError && err.code === 'login.resendTooSoon') setSentTo(target.email);
    } finally {
      setBusy(null);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const target = company();
    if (!target) return;
    const otp = verificationVerify.safeParse({ code });
    if (!otp.success) {
      setInvalid(new Set(['code']));
      toast.error(otp.error.issues[0]?.message ?? t('onboarding.invalidOtp'));
      return;
    }
    setInvalid(new Set());
    setServerError(null);
    setBusy('verify');
    try {
      await remember(await verifyCompanyCode({ ...target, code: otp.data.code }));
      toast.success(t('onboarding.verified'));
      setVerified(true);
    } catch (err) {
      refused(err, t('onboarding.verificationFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function skip() {
    setBusy('skip');
    try {
      await done(await skipVerification());
    } catch (err) {
      toast.error(errorMessage(err, t('onboarding.completeFailed')));
      setBusy(null);
    }
  }

  // A code is bound to one website and e-mail: changing either asks for a new code (and makes
  // the server's verdict on the old pair stale).
  const edit = (apply: () => void) => {
    apply();
    setSentTo(null);
    setCode('');
    setServerError(null);
  };
  const errorOn = (field: 'email' | 'websiteUrl') =>
    serverError?.field === field ? serverError.message : undefined;

  return (
    <div className="flex flex-col gap-5">
      <CompanySummary profile={profile} />

      {verified || alreadyVerified ? (
        <div
          role="status"
          className="flex flex-col items-center gap-3 rounded-2xl bg-brand-50 p-6 text-center"
        >
          <BadgeCheck size={40} aria-hidden="true" className="text-brand-700" />
          <p className="text-lg font-semibold text-brand-800">{t('onboarding.verified')}</p>
          <Button onClick={() => void go(4)} className="w-full">
            {later ? t('settings.back') : t('onboarding.goToDashboard')}
          </Button>
        </div>
      ) : (
        <>
          <form onSubmit={send} noValidate className="flex flex-col gap-4">
            <TextField
              label={t('onboarding.website')}
              invalid={invalid.has('websiteUrl')}
              error={errorOn('websiteUrl')}
              type="url"
              inputMode="url"
              autoComplete="url"
              maxLength={200}
              placeholder={t('onboarding.websitePlaceholder')}
              value={website}
              onChange={(value) => edit(() => setWebsite(value))}
            />
            <TextField
              label={t('onboarding.officeEmail')}
              invalid={invalid.has('email')}
              error={errorOn('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              placeholder={t('onboarding.emailPlaceholder')}
              value={email}
              onChange={(value) => edit(() => setEmail(value))}
            />
            <Button type="submit" variant="outline" disabled={busy !== null}>
              {busy === 'send' ? t('onboarding.sendingOtp') : t('onboarding.sendOtp')}
            </Button>
          </form>

          {sentTo && (
            <form onSubmit={verify} noValidate className="flex flex-col gap-4">
              <Field
                label={t('onboarding.otp')}
                hint={t('onboarding.otpSentEmail', { email: sentTo })}
              >
                {(props) => (
                  <input
                    {...props}
                    aria-invalid={invalid.has('code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={6}
                    placeholder={t('onboarding.otpPlaceholder')}
                    value={code}
                    onChange={(e) => setCode(truncateCode(e.target.value))}
                    className={`${inputClass} text-center text-xl tracking-[0.5em]`}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy !== null}>
                {busy === 'verify' ? t('onboarding.verifying') : t('onboarding.verify')}
              </Button>
            </form>
          )}

          {!later && (
            <Button variant="ghost" onClick={() => void skip()} disabled={busy !== null}>
              {t('onboarding.skip')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
