import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { jobInput, type JobView } from '#shared/schemas/jobs.ts';
import { CityPicker, type CityValue } from '../../components/city-picker.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api.ts';
import { postJob } from './api.ts';

interface Draft {
  title: string;
  location: CityValue;
  type: string;
  level: string;
  jobCategory: string;
  minSalary: string;
  maxSalary: string;
  description: string;
}

const EMPTY: Draft = {
  title: '',
  location: 'remote', // spec: location defaults to Remote
  type: '',
  level: '',
  jobCategory: '',
  minSalary: '',
  maxSalary: '',
  description: '',
};

type Errors = Partial<Record<keyof Draft, string>>;
const FIELD_OF: Record<string, keyof Draft> = { cityId: 'location' };

/**
 * THE job form (the post-job screen and recruiter onboarding step 4): title, location, type,
 * level, category and description required; salaries optional LPA numbers with min ≤ max, all
 * checked with the shared `jobInput` here and again by the server. Post Job stays disabled
 * while a required text is empty or while sending; a failure keeps what was typed.
 */
export function JobForm({
  onPosted,
  onCancel,
  failedMessage,
}: {
  onPosted: (job: JobView) => void | Promise<void>;
  /** Shows Cancel (the post-job screen; onboarding step 4 has none). */
  onCancel?: () => void;
  /** Toast when the server gives no message of its own (default 'Failed to post job'). */
  failedMessage?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const incomplete =
    !draft.title.trim() ||
    !draft.location ||
    !draft.type ||
    !draft.level ||
    !draft.description.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (incomplete || sending) return;
    const parsed = jobInput.safeParse({
      title: draft.title,
      cityId: draft.location === 'remote' ? null : (draft.location?.id ?? null),
      type: draft.type,
      level: draft.level,
      jobCategory: draft.jobCategory,
      description: draft.description,
      minSalary: draft.minSalary,
      maxSalary: draft.maxSalary,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]);
        const field = FIELD_OF[key] ?? (key as keyof Draft);
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSending(true);
    const v = parsed.data;
    try {
      const job = await postJob({
        title: v.title,
        cityId: v.cityId,
        type: v.type,
        level: v.level,
        jobCategory: v.jobCategory,
        description: v.description,
        minSalary: v.minSalary,
        maxSalary: v.maxSalary,
        requirements: null,
      });
      await onPosted(job);
    } catch (err) {
      toast.error(errorMessage(err, failedMessage ?? t('jobs.postFailed')));
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field label={t('jobs.title')} error={errors.title}>
        {(props) => (
          <input
            {...props}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            placeholder={t('jobs.titlePlaceholder')}
            maxLength={120}
            required
            className={inputClass}
          />
        )}
      </Field>

      <Field label={t('jobs.location')} error={errors.location}>
        {(props) => (
          <CityPicker
            id={props.id}
            invalid={props['aria-invalid']}
            describedBy={props['aria-describedby']}
            value={draft.location}
            onChange={(v) => set('location', v)}
            allowRemote
          />
        )}
      </Field>

      <div className="grid grid-cols-2 gap-3">
        <Field label={t('jobs.type')} error={errors.type}>
          {(props) => (
            <PickSelect
              {...props}
              list="jobType"
              value={draft.type}
              onChange={(e) => set('type', e.target.value)}
              required
            />
          )}
        </Field>
        <Field label={t('jobs.level')} error={errors.level}>
          {(props) => (
            <PickSelect
              {...props}
              list="jobLevel"
              value={draft.level}
              onChange={(e) => set('level', e.target.value)}
              required
            />
          )}
        </Field>
      </div>

      <Field label={t('jobs.category')} error={errors.jobCategory}>
        {(props) => (
          <PickSelect
            {...props}
            list="jobCategory"
            value={draft.jobCategory}
            onChange={(e) => set('jobCategory', e.target.value)}
            required
          />
        )}
      </Field>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('jobs.minSalary')} error={errors.minSalary}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="decimal"
              min={0}
              max={1000}
              step="0.1"
              value={draft.minSalary}
              onChange={(e) => set('minSalary', e.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t('jobs.maxSalary')} error={errors.maxSalary}>
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="decimal"
              min={0}
              max={1000}
              step="0.1"
              value={draft.maxSalary}
              onChange={(e) => set('maxSalary', e.target.value)}
              className={inputClass}
            />
          )}
        </Field>
        <p className="-mt-1 text-xs text-slate-500 sm:col-span-2">{t('jobs.salaryHint')}</p>
      </div>

      <Field label={t('jobs.description')} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder={t('jobs.descriptionPlaceholder')}
            rows={6}
            maxLength={5000}
            required
            className={`${inputClass} py-2`}
          />
        )}
      </Field>

      <div className="mt-2 flex gap-3">
        {onCancel && (
          <Button variant="outline" className="flex-1" onClick={onCancel} disabled={sending}>
            {t('jobs.cancel')}
          </Button>
        )}
        <Button type="submit" className="flex-1" disabled={incomplete || sending}>
          {sending ? t('jobs.posting') : t('jobs.post')}
        </Button>
      </div>
    </form>
  );
}
