import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { jobInput, type JobView } from '#shared/schemas/jobs.ts';
import { CityPicker, type City, type CityValue } from '../../components/city-picker.tsx';
import { PickSelect } from '../../components/pick-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { jobChanged, updateJob } from './api.ts';

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
type Errors = Partial<Record<keyof Draft, string>>;
const FIELD_OF: Record<string, keyof Draft> = { cityId: 'location' };

const salaryText = (n: number | null) => (n === null ? '' : String(n));

function draftOf(job: JobView): Draft {
  return {
    title: job.title,
    // The job view has the city's id and name; the state is looked up below for the label.
    location: job.cityId === null ? 'remote' : { id: job.cityId, name: job.location, state: '' },
    type: job.type,
    level: job.level,
    jobCategory: job.jobCategory,
    minSalary: salaryText(job.minSalary),
    maxSalary: salaryText(job.maxSalary),
    description: job.description,
  };
}

/** The job's city with its state (for the picker's label), found through the cities search. */
function useJobCity(job: JobView): City | null {
  const { data } = useQuery({
    queryKey: ['cities', 'lookup', job.location],
    queryFn: ({ signal }) =>
      api<{ cities: City[] }>(`/api/cities?q=${encodeURIComponent(job.location)}&limit=20`, {
        signal,
      }),
    enabled: job.cityId !== null,
    staleTime: 5 * 60_000,
  });
  return data?.cities.find((c) => c.id === job.cityId) ?? null;
}

/**
 * The owner's Edit/Save of a job: title, location (a city or Remote), type, level, category,
 * salary and description, checked with the shared post-job rules here and again by the server.
 */
export function JobEditForm({ job, onDone }: { job: JobView; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(job));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  // Once the city's state is known, show "City, State" unless the owner already picked another.
  const city = useJobCity(job);
  const location = draft.location;
  if (
    city &&
    location !== null &&
    location !== 'remote' &&
    location.id === city.id &&
    location.state === ''
  ) {
    setDraft((d) => ({ ...d, location: city }));
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const parsed = jobInput.safeParse({
      title: draft.title,
      cityId: draft.location === 'remote' ? null : (draft.location?.id ?? 0),
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
    setSaving(true);
    const v = parsed.data;
    try {
      const saved = await updateJob(job.id, {
        title: v.title,
        cityId: v.cityId,
        type: v.type,
        level: v.level,
        jobCategory: v.jobCategory,
        minSalary: v.minSalary,
        maxSalary: v.maxSalary,
        description: v.description,
      });
      jobChanged(queryClient, saved);
      toast.success(t('jobs.updated'));
      onDone();
    } catch (err) {
      toast.error(errorMessage(err, t('jobs.updateFailed')));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <Field label={t('jobs.title')} error={errors.title}>
        {(props) => (
          <input
            {...props}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
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

      <div className="grid grid-cols-2 gap-3">
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
        <p className="col-span-2 -mt-1 text-xs text-slate-500">{t('jobs.salaryHint')}</p>
      </div>

      <Field label={t('jobs.description')} error={errors.description}>
        {(props) => (
          <textarea
            {...props}
            value={draft.description}
            onChange={(e) => set('description', e.target.value)}
            rows={8}
            maxLength={5000}
            required
            className={`${inputClass} py-2`}
          />
        )}
      </Field>

      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" onClick={onDone} disabled={saving}>
          {t('jobs.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={saving}>
          {saving ? t('jobs.saving') : t('jobs.save')}
        </Button>
      </div>
    </form>
  );
}
