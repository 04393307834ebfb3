import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { seekerProfilePatch, type SeekerProfilePatch } from '#shared/schemas/profile.ts';
import { errorMessage } from '../../lib/api.ts';
import { meKey } from '../../lib/session.ts';
import { refuse, validate, type FieldErrors } from '../../lib/validate.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { bindField } from '../../components/form-fields.tsx';
import { candidateKey, patchSeekerProfile, seekerProfileKey } from './api.ts';
import { changedFields } from './changed-fields.ts';

/**
 * Saves what changed between the loaded values and the edited ones (PATCH with only those
 * fields), checked first with the shared schema. Resolves true when there is nothing left to save.
 */
function useUpdateProfile() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function update<T extends Record<string, unknown>>(initial: T, current: T) {
    const patch: Record<string, unknown> = changedFields(initial, current);
    // An emptied pick-list means "none" where the schema allows it.
    if (patch.degree === '') patch.degree = null;
    if (Object.keys(patch).length === 0) {
      setErrors({});
      return true;
    }
    const checked = validate(seekerProfilePatch, patch);
    if (!checked.ok) {
      refuse(setErrors, checked.errors, checked.first);
      return false;
    }
    setErrors({});
    setSaving(true);
    try {
      const profile = await patchSeekerProfile(patch as SeekerProfilePatch);
      queryClient.setQueryData(seekerProfileKey, profile);
      queryClient.setQueryData(candidateKey(profile.userId), profile);
      void queryClient.invalidateQueries({ queryKey: meKey });
      toast.success(t('profile.updated'));
      return true;
    } catch (err) {
      toast.error(errorMessage(err, t('profile.updateFailed')));
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, errors, update };
}

/**
 * A profile editor's state: the values (from `initial`, read once), a field binder for them, and
 * `save`, which PATCHes what changed and calls `onSaved` when nothing is left to save.
 */
export function useProfileEditor<T extends Record<string, unknown>>(
  initial: () => T,
  onSaved: () => void,
) {
  const [start] = useState(initial);
  const [values, set] = useFormValues(start);
  const { saving, errors, update } = useUpdateProfile();
  const save = async () => {
    if (await update(start, values)) onSaved();
  };
  return { values, set, field: bindField(values, set, errors), saving, save };
}
