import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { isLoginCode, truncateCode } from '#shared/login-code.ts';
import { formatPhone, normalizePhone } from '#shared/phone.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { requestCode, verifyCode } from './api.ts';
import { meKey } from '../../lib/session.ts';
import { homeFor, returnPath } from '../../lib/where-next.ts';

/** Phone step, then code step ('Change Number' goes back). Used by /, /login and /register. */
export function LoginForm() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState<string | null>(null);
  return phone ? (
    <CodeStep phone={phone} onChangeNumber={() => setPhone(null)} />
  ) : (
    <PhoneStep onSent={setPhone} label={t('login.phoneLabel')} />
  );
}

function PhoneStep({ onSent, label }: { onSent: (phone: string) => void; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState('');
  const [sending, setSending] = useState(false);
  // Shown under the field as well as in the toast (issue 15).
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The rule of shared/schemas/auth.ts's phoneSchema, without loading zod on this first screen.
    const phone = value.length <= 32 ? normalizePhone(value) : null;
    if (!phone) {
      setError(t('login.invalidPhone'));
      toast.error(t('login.invalidPhone'));
      return;
    }
    setError(null);
    setSending(true);
    try {
      await requestCode(phone);
      toast.success(t('login.codeSent'));
      onSent(phone);
    } catch (err) {
      const message = errorMessage(err, t('login.sendFailed'));
      toast.error(message);
      // Too soon after the last code to this phone (a reload, another tab): that code is still
      // good, so the place to type it opens, with the message to wait before asking again.
      if (err instanceof ApiError && err.code === 'login.resendTooSoon') onSent(phone);
      else setError(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-stretch overflow-hidden rounded-xl border border-slate-300 bg-white focus-within:border-brand-600">
        <span
          className="grid place-items-center border-r border-slate-200 bg-slate-50 px-3 text-sm text-slate-600"
          aria-hidden="true"
        >
          +91
        </span>
        <input
          id={id}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('login.phonePlaceholder')}
          maxLength={16}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
          className="min-h-11 w-full px-3 text-base outline-none"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="-mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? t('login.sending') : t('login.sendCode')}
      </Button>
    </form>
  );
}

function CodeStep({ phone, onChangeNumber }: { phone: string; onChangeNumber: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [wait, setWait] = useState(30);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isLoginCode(code)) {
      setError(t('login.invalidCode'));
      toast.error(t('login.invalidCode'));
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      const user = await verifyCode(phone, code);
      queryClient.setQueryData(meKey, user);
      toast.success(t('login.success'));
      await navigate(returnPath(location.state, user) ?? homeFor(user), { replace: true });
    } catch (err) {
      const message = errorMessage(err, t('login.verifyFailed'));
      setError(message);
      toast.error(message);
      setVerifying(false);
    }
  }

  async function resend() {
    try {
      await requestCode(phone);
      setWait(30);
      toast.success(t('login.codeSent'));
    } catch (err) {
      toast.error(errorMessage(err, t('login.sendFailed')));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('login.codeLabel', { phone: formatPhone(phone) })}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        // No maxLength: the browser would cut a pasted "123 456" to "123 45" before the spaces
        // are taken out. truncateCode keeps the first six digits instead.
        placeholder={t('login.codePlaceholder')}
        value={code}
        onChange={(e) => setCode(truncateCode(e.target.value))}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 rounded-xl border border-slate-300 bg-white px-3 text-center text-xl tracking-[0.5em] outline-none focus:border-brand-600"
        autoFocus
      />
      {error && (
        <p id={`${id}-error`} className="-mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" disabled={verifying}>
        {verifying ? t('login.verifying') : t('login.verify')}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button variant="ghost" onClick={onChangeNumber}>
          {t('login.changeNumber')}
        </Button>
        <Button variant="ghost" onClick={resend} disabled={wait > 0}>
          {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.resend')}
        </Button>
      </div>
    </form>
  );
}
