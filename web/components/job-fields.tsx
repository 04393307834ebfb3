import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { jobInput } from '#shared/schemas/jobs.ts';
import { refuse } from '../lib/validate.ts';
import type { z } from 'zod';
import { CityPicker, type CityValue } from './city-picker.tsx';
import { PickSelect } from './pick-select.tsx';
import { Field, inputClass } from './ui/field.tsx';

/** What the job form holds while typing (salaries stay text until checked). */
export interface JobDraft {
  title: string;
  location: CityValue;
  type: string;
  level: string;
  jobCategory: string;
  minSalary: string;
  maxSalary: string;
  description: string;
}
type JobErrors = Partial<Record<keyof JobDraft, string>>;
const FIELD_OF: Record<string, keyof JobDraft> = { cityId: 'location' };

/**
 * The state of a job form — posting one or editing one — and its check with the shared
 * `jobInput` rules (the server checks them again): `validate` shows the messages under their
 * fields and gives the values to send, or null.
 */
export function useJobDraft(initial: JobDraft | (() => JobDraft)) {
  const [draft, setDraft] = useState<JobDraft>(initial);
  const [errors, setErrors] = useState<JobErrors>({});
  const set = <K extends keyof JobDraft>(key: K, value: JobDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const validate = (): z.output<typeof jobInput> | null => {
    const parsed = jobInput.safeParse({
      title: draft.title,
      // No city chosen is not Remote: 0 makes the shared rule say 'Please choose a location'.
      cityId: draft.location === 'remote' ? null : (draft.location?.id ?? 0),
      type: draft.type,
      level: draft.level,
      jobCategory: draft.jobCategory,
      description: draft.description,
      minSalary: draft.minSalary,
      maxSalary: draft.maxSalary,
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: JobErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      next[FIELD_OF[key] ?? (key as keyof JobDraft)] ??= issue.message;
    }
    refuse(setErrors, next, parsed.error.issues[0]?.message);
    return null;
  };
  return { draft, setDraft, errors, set, validate };
}

/** The job fields, built once: the post-job form, onboarding step 4 and the owner's edit. */
export function JobFields({
  draft,
  errors,
  set,
  placeholders = false,
  descriptionRows = 6,
}: {
  draft: JobDraft;
  errors: JobErrors;
  set: <K extends keyof JobDraft>(key: K, value: JobDraft[K]) => void;
  placeholders?: boolean;
  descriptionRows?: number;
}) {
  const { t } = useTranslation();
  const salary = (key: 'minSalary' | 'maxSalary', label: string) => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <input
          {...props}
          type="number"
          inputMode="decimal"
          min={0}
          max={1000}
          step="0.1"
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
  const pick = (
    key: 'type' | 'level' | 'jobCategory',
    list: 'jobType' | 'jobLevel' | 'jobCategory',
    label: string,
  ) => (
    <Field label={label} error={errors[key]}>
      {(props) => (
        <PickSelect
          {...props}
          list={list}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          required
        />
      )}
    </Field>
  );
  return (
    <>
      <Field label={t('jobs.title')} error={errors.title}>
        {(props) => (
          <input
            {...props}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            placeholder={placeholders ? t('jobs.titlePlaceholder') : undefined}
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
        {pick('type', 'jobType', t('jobs.type'))}
        {pick('level', 'jobLevel', t('jobs.level'))}
      </div>

      {pick('jobCategory', 'jobCategory', t('jobs.category'))}

      <div className="grid gap-3 sm:grid-cols-2">
        {salary('minSalary', t('jobs.minSalary'))}
        {salary('maxSalary', t('jobs.maxSalary'))}
        <p className="-mt-1 text-xs text-slate-500 sm:col-span-2">{t('jobs.salaryHint')}</p>
      </div>

      <Field label={t('jobs.description')} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder={placeholders ? t('jobs.descriptionPlaceholder') : undefined}
            rows={descriptionRows}
            maxLength={5000}
            required
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
    </>
  );
}
