import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { recruiterCompanyStep } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { CityPicker, type CityValue } from '../../components/city-picker.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { storageKeyFromUrl, useRecruiterProfile } from '../recruiter-profile/api.ts';
import { saveCompanyStep } from './api.ts';
import { invalidFields } from './invalid-fields.ts';
import { PickDialog } from './pick-dialog.tsx';
import { useStepDone } from './use-step-done.ts';

/** Step 2: company name, logo (required), size, financing, revenue, headquarters. */
export function CompanyStep() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useRecruiterProfile();
  return (
    <OnboardingLayout
      step={2}
      total={4}
      title={t('onboarding.companyTitle')}
      subtitle={t('onboarding.companySubtitle')}
      backTo="/onboarding/recruiter/1"
    >
      {isPending ? <Spinner /> : <CompanyForm initial={profile ?? null} />}
    </OnboardingLayout>
  );
}

function CompanyForm({ initial }: { initial: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const { done } = useStepDone();
  const [companyName, setCompanyName] = useState(initial?.companyName ?? '');
  const [logoKey, setLogoKey] = useState(storageKeyFromUrl(initial?.companyLogo));
  const [logoUrl, setLogoUrl] = useState(initial?.companyLogo ?? null);
  const [employeeSize, setEmployeeSize] = useState(initial?.employeeSize ?? null);
  const [financingStatus, setFinancingStatus] = useState(initial?.financingStatus ?? null);
  const [annualRevenue, setAnnualRevenue] = useState(initial?.annualRevenue ?? null);
  const [address, setAddress] = useState(initial?.headquartersAddress ?? '');
  const [city, setCity] = useState<CityValue>(initial?.headquartersCity ?? null);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = recruiterCompanyStep.safeParse({
      companyName,
      companyLogo: logoKey,
      employeeSize,
      financingStatus,
      annualRevenue,
      headquartersAddress: address,
      headquartersCityId: city && city !== 'remote' ? city.id : null,
    });
    if (!parsed.success) {
      const fields = invalidFields(parsed.error);
      setInvalid(fields);
      // Missing details first ('Please enter all the details '), then the logo.
      const detail = parsed.error.issues.find((i) => i.path[0] !== 'companyLogo');
      toast.error((detail ?? parsed.error.issues[0])?.message ?? t('onboarding.allDetails'));
      return;
    }
    setInvalid(new Set());
    setSaving(true);
    try {
      await done(await saveCompanyStep(parsed.data));
    } catch (err) {
      toast.error(errorMessage(err, t('onboarding.saveCompanyFailed')));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field label={t('onboarding.companyName')}>
        {(props) => (
          <input
            {...props}
            aria-invalid={invalid.has('companyName')}
            autoComplete="organization"
            maxLength={150}
            value={companyName}
            onChange={(e) => setCompanyName(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div
        className={`rounded-2xl border p-3 ${invalid.has('companyLogo') ? 'border-red-500' : 'border-transparent'}`}
      >
        <ImageUpload
          purpose="logo"
          shape="square"
          label={t('onboarding.companyLogo')}
          buttonLabel={logoUrl ? t('onboarding.changePhoto') : t('onboarding.uploadLogo')}
          imageUrl={logoUrl}
          onUploaded={(img) => {
            setLogoKey(img.key);
            setLogoUrl(img.url);
          }}
        />
      </div>
      <PickDialog
        list="employeeSize"
        label={t('onboarding.employeeSize')}
        value={employeeSize}
        onChange={setEmployeeSize}
        invalid={invalid.has('employeeSize')}
      />
      <PickDialog
        list="financingStatus"
        label={t('onboarding.financingStatus')}
        value={financingStatus}
        onChange={setFinancingStatus}
        invalid={invalid.has('financingStatus')}
      />
      <PickDialog
        list="annualRevenue"
        label={t('onboarding.annualRevenue')}
        value={annualRevenue}
        onChange={setAnnualRevenue}
        invalid={invalid.has('annualRevenue')}
      />
      <Field label={t('onboarding.headquartersAddress')}>
        {(props) => (
          <textarea
            {...props}
            aria-invalid={invalid.has('headquartersAddress')}
            autoComplete="street-address"
            rows={2}
            maxLength={300}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            className={`${inputClass} py-2`}
          />
        )}
      </Field>
      <Field label={t('onboarding.headquartersCity')}>
        {(props) => (
          <CityPicker
            id={props.id}
            invalid={invalid.has('headquartersCityId')}
            value={city}
            onChange={setCity}
          />
        )}
      </Field>
      <Button type="submit" disabled={saving} className="mt-2">
        {saving ? t('onboarding.saving') : t('onboarding.create')}
      </Button>
    </form>
  );
}
