import { useState } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { recruiterCompanyStep } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { CityPicker, type CityValue } from '../../components/city-picker.tsx';
import { ImageUpload } from '../../components/image-upload.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField, TextField } from '../../components/form-fields.tsx';
import { Field } from '../../components/ui/field.tsx';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { OnboardingLayout } from '../../components/layout/onboarding-layout.tsx';
import { storageKeyFromUrl, useRecruiterProfile } from '../recruiter-profile/api.ts';
import { saveCompanyStep } from './api.ts';
import { PickDialog } from './pick-dialog.tsx';
import { useStepSubmit } from './use-step-submit.ts';

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
      {isPending ? <CardListSkeleton /> : <CompanyForm initial={profile ?? null} />}
    </OnboardingLayout>
  );
}

function CompanyForm({ initial }: { initial: RecruiterProfileView | null }) {
  const { t } = useTranslation();
  const [companyName, setCompanyName] = useState(initial?.companyName ?? '');
  const [logoKey, setLogoKey] = useState(storageKeyFromUrl(initial?.companyLogo));
  const [logoUrl, setLogoUrl] = useState(initial?.companyLogo ?? null);
  const [employeeSize, setEmployeeSize] = useState(initial?.employeeSize ?? null);
  const [financingStatus, setFinancingStatus] = useState(initial?.financingStatus ?? null);
  const [annualRevenue, setAnnualRevenue] = useState(initial?.annualRevenue ?? null);
  const [address, setAddress] = useState(initial?.headquartersAddress ?? '');
  const [city, setCity] = useState<CityValue>(initial?.headquartersCity ?? null);
  const { invalid, errors, saving, submit } = useStepSubmit(
    recruiterCompanyStep,
    saveCompanyStep,
    t('onboarding.saveCompanyFailed'),
    // Missing details first ('Please enter all the details '), then the logo.
    (issues) => (issues.find((i) => i.path[0] !== 'companyLogo') ?? issues[0])?.message,
  );

  return (
    <form
      onSubmit={(e) =>
        submit(e, {
          companyName,
          companyLogo: logoKey,
          employeeSize,
          financingStatus,
          annualRevenue,
          headquartersAddress: address,
          headquartersCityId: city && city !== 'remote' ? city.id : null,
        })
      }
      noValidate
      className="flex flex-col gap-5"
    >
      <TextField
        label={t('onboarding.companyName')}
        invalid={invalid.has('companyName')}
        error={errors.companyName}
        autoComplete="organization"
        maxLength={150}
        value={companyName}
        onChange={setCompanyName}
      />
      <div
        className={`rounded-2xl border p-3 ${invalid.has('companyLogo') ? 'border-red-500' : 'border-transparent'}`}
      >
        <ImageUpload
          purpose="logo"
          shape="square"
          label={t('onboarding.companyLogo')}
          buttonLabel={logoUrl ? t('onboarding.changeLogo') : t('onboarding.uploadLogo')}
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
        error={errors.employeeSize}
      />
      <PickDialog
        list="financingStatus"
        label={t('onboarding.financingStatus')}
        value={financingStatus}
        onChange={setFinancingStatus}
        invalid={invalid.has('financingStatus')}
        error={errors.financingStatus}
      />
      <PickDialog
        list="annualRevenue"
        label={t('onboarding.annualRevenue')}
        value={annualRevenue}
        onChange={setAnnualRevenue}
        invalid={invalid.has('annualRevenue')}
        error={errors.annualRevenue}
      />
      <TextAreaField
        label={t('onboarding.headquartersAddress')}
        invalid={invalid.has('headquartersAddress')}
        error={errors.headquartersAddress}
        autoComplete="street-address"
        rows={2}
        maxLength={300}
        value={address}
        onChange={setAddress}
      />
      <Field label={t('onboarding.headquartersCity')} error={errors.headquartersCityId}>
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
