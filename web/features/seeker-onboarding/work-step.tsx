import { useTranslation } from '#web/lib/i18n.ts';
import { INDUSTRIES, pickOptions } from '#shared/picklists.ts';
import { bindField, TextField } from '../../components/form-fields.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { StepForm } from './step-form.tsx';
import { asInput, type StepProps } from './step-props.ts';
import { useFormValues } from '../../lib/use-form-values.ts';
import { useSaveStep } from './use-save-step.ts';
import { YearField } from './year-select.tsx';

const isListed = (industry: string) => (INDUSTRIES as readonly string[]).includes(industry);

/**
 * Step 2: the current or most recent job. Industry is the pick-list plus Other, which asks for
 * the industry in words (spec: "a custom industry is required and replaces it").
 */
export function WorkStep({ profile }: StepProps) {
  const { t } = useTranslation();
  const { saving, errors, submit } = useSaveStep(2);
  const saved = profile?.jobIndustry ?? '';
  const [v, set] = useFormValues({
    jobTitle: asInput(profile?.jobTitle),
    companyName: asInput(profile?.companyName),
    industry: saved ? (isListed(saved) ? saved : 'other') : '',
    customIndustry: saved && !isListed(saved) ? saved : '',
    startYear: asInput(profile?.jobStartYear),
    endYear: asInput(profile?.jobEndYear),
    isCurrent: profile?.isCurrent ?? false,
  });
  const f = bindField(v, set, errors);

  // The shared schema wants an end year even for a current job (the server stores none then):
  // send this year, or the start year if that is later.
  const onSubmit = () => {
    const thisYear = new Date().getFullYear();
    const endYear = v.isCurrent
      ? String(Math.max(thisYear, Number(v.startYear) || thisYear))
      : v.endYear;
    return submit({
      ...v,
      endYear,
      customIndustry: v.industry === 'other' ? v.customIndustry : '',
    });
  };

  return (
    <StepForm saving={saving} label={t('onboarding.saveNext')} onSubmit={onSubmit}>
      <TextField
        label={t('onboarding.jobTitle')}
        autoComplete="organization-title"
        maxLength={100}
        {...f('jobTitle')}
      />
      <TextField
        label={t('onboarding.companyName')}
        autoComplete="organization"
        maxLength={150}
        {...f('companyName')}
      />
      <Field label={t('onboarding.industry')} error={errors.industry}>
        {(p) => (
          <select
            {...p}
            className={inputClass}
            value={v.industry}
            onChange={(e) => set('industry', e.target.value)}
          >
            <option value="">{t('onboarding.choose')}</option>
            {pickOptions('industry').map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            <option value="other">{t('onboarding.otherIndustry')}</option>
          </select>
        )}
      </Field>
      {v.industry === 'other' && (
        <TextField label={t('onboarding.customIndustry')} maxLength={60} {...f('customIndustry')} />
      )}
      <div className="grid grid-cols-2 gap-3">
        <YearField label={t('onboarding.startYear')} {...f('startYear')} />
        <YearField
          label={t('onboarding.endYear')}
          disabled={v.isCurrent}
          value={v.isCurrent ? '' : v.endYear}
          onChange={(year) => set('endYear', year)}
          error={v.isCurrent ? undefined : errors.endYear}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={v.isCurrent}
          onChange={(e) => set('isCurrent', e.target.checked)}
        />
        {t('onboarding.currentlyWorking')}
      </label>
    </StepForm>
  );
}
