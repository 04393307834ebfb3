import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { jobPreferences } from '#shared/schemas/onboarding.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { PreferencesFields } from '../../components/preferences-fields.tsx';
import { preferencesBody, preferenceValuesFrom } from '../../components/preference-values.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { refuse, validate, withoutBlanks, type FieldErrors } from '../../lib/validate.ts';
import { candidateKey, saveJobPreferences, seekerProfileKey } from './api.ts';

/**
 * Job type (default Full-time), industry, salary, experience, location and category, all
 * required (shared `jobPreferences`). Success: toast and back to /candidate-profile.
 */
export function JobPreferencesForm({ profile }: { profile: SeekerProfileView | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [v, set] = useFormValues(() => preferenceValuesFrom(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    const body = withoutBlanks(preferencesBody(v));
    const checked = validate(jobPreferences, body);
    if (!checked.ok) {
      refuse(setErrors, checked.errors, checked.first);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveJobPreferences(body);
      queryClient.setQueryData(seekerProfileKey, saved);
      queryClient.setQueryData(candidateKey(saved.userId), saved);
      toast.success(t('preferences.saved'));
      await navigate('/candidate-profile');
    } catch (err) {
      toast.error(errorMessage(err, t('onboarding.saveCollegeFailed')));
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <PreferencesFields values={v} errors={errors} onChange={set} />
      <Button type="submit" disabled={saving} className="w-full">
        {saving ? t('preferences.saving') : t('preferences.save')}
      </Button>
    </form>
  );
}
