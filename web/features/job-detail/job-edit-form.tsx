import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import type { City } from '../../components/city-picker.tsx';
import { JobFields, useJobDraft, type JobDraft } from '../../components/job-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api, errorMessage } from '../../lib/api.ts';
import { jobChanged, updateJob } from './api.ts';

const salaryText = (n: number | null) => (n === null ? '' : String(n));

function draftOf(job: JobView): JobDraft {
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
  const { draft, setDraft, errors, set, validate } = useJobDraft(() => draftOf(job));
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

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const v = validate();
    if (!v) return;
    setSaving(true);
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
      <JobFields draft={draft} errors={errors} set={set} descriptionRows={8} />

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
