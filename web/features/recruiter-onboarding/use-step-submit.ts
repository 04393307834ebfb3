import { useState, type FormEvent } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { z } from 'zod';
import type { StepAnswer } from './api.ts';
import { errorMessage } from '../../lib/api.ts';
import { fieldErrors, refuse, type FieldErrors } from '../../lib/validate.ts';
import { invalidFields } from './invalid-fields.ts';
import { useStepDone } from './use-step-done.ts';

/**
 * The submit of a recruiter onboarding step: checks the values with the step's shared schema
 * (each field's message under it, and the message `pickMessage` chooses in a toast), saves, and moves
 * on; a failed save toasts the server's message or `failed` and keeps what was typed.
 */
export function useStepSubmit<S extends z.ZodType>(
  schema: S,
  save: (body: z.output<S>) => Promise<StepAnswer>,
  failed: string,
  pickMessage: (issues: z.core.$ZodIssue[]) => string | undefined = (issues) => issues[0]?.message,
) {
  const { done } = useStepDone();
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent, values: unknown) {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setInvalid(invalidFields(parsed.error));
      refuse(
        setErrors,
        fieldErrors(parsed.error.issues),
        pickMessage(parsed.error.issues) ?? failed,
      );
      return;
    }
    setInvalid(new Set());
    setErrors({});
    setSaving(true);
    try {
      await done(await save(parsed.data));
    } catch (err) {
      toast.error(errorMessage(err, failed));
      setSaving(false);
    }
  }
  return { invalid, errors, saving, submit };
}
