import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, type PickListName } from '#shared/picklists.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { PickButtons } from '../../components/pick-buttons.tsx';
import { CityPicker } from '../../components/city-picker.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import type { SettingsDraft } from './settings-draft.ts';
import { GstRegisteredMark } from '../../components/gst-registered-mark.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';

type TextKey =
  | 'fullName'
  | 'email'
  | 'designation'
  | 'companyName'
  | 'websiteUrl'
  | 'gstin'
  | 'headquartersAddress';
type PickKey = 'employeeSize' | 'financingStatus';
type CityKey = 'headquartersCity';

interface Row {
  key: TextKey | PickKey | CityKey;
  label: string;
  list?: PickListName;
  type?: 'email' | 'url' | 'text';
  autoComplete?: string;
  /** Shown after the value in view mode (the verified mark, "GST registered"). */
  extra?: ReactNode;
  hint?: string;
  placeholder?: string;
  maxLength?: number;
}

/**
 * Personal Information and Company Information: text in view mode, inputs in edit mode.
 * `invalid` marks the fields the shared schema named (its message is in the toast); `errors`
 * are the server's messages shown under their field (the GSTIN checks live on the server).
 */
export function SettingsSections({
  profile,
  draft,
  invalid,
  errors,
  onChange,
}: {
  profile: RecruiterProfileView;
  draft: SettingsDraft | null;
  invalid: ReadonlySet<string>;
  errors: Partial<Record<string, string>>;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
  const { t } = useTranslation();
  const personal: Row[] = [
    { key: 'fullName', label: t('settings.fullName'), autoComplete: 'name', maxLength: 100 },
    {
      key: 'email',
      label: t('settings.email'),
      type: 'email',
      autoComplete: 'email',
      maxLength: 254,
    },
    {
      key: 'designation',
      label: t('settings.designation'),
      autoComplete: 'organization-title',
      maxLength: 100,
    },
  ];
  const company: Row[] = [
    {
      key: 'companyName',
      label: t('settings.companyName'),
      autoComplete: 'organization',
      maxLength: 150,
      extra: profile.isVerified ? <VerifiedMark domain={profile.verifiedDomain} /> : null,
    },
    {
      key: 'websiteUrl',
      label: t('settings.website'),
      type: 'url',
      autoComplete: 'url',
      maxLength: 200,
    },
    {
      key: 'gstin',
      label: t('gst.label'),
      hint: t('trust.gstHint'),
      placeholder: t('trust.gstPlaceholder'),
      maxLength: 20,
      extra: profile.gstRegistered ? <GstRegisteredMark /> : null,
    },
    {
      key: 'headquartersAddress',
      label: t('settings.headquarters'),
      autoComplete: 'street-address',
      maxLength: 300,
    },
    { key: 'headquartersCity', label: t('onboarding.headquartersCity') },
    { key: 'employeeSize', label: t('settings.companySize'), list: 'employeeSize' },
    { key: 'financingStatus', label: t('settings.financing'), list: 'financingStatus' },
  ];

  const section = (title: string, rows: Row[], note?: string) => (
    <section className="rounded-2xl border border-slate-200 p-4">
      <h2 className="mb-3 text-base font-bold">{title}</h2>
      {draft ? (
        <div className="flex flex-col gap-4">
          {rows.map((row) => (
            <EditRow
              key={row.key}
              row={row}
              draft={draft}
              invalid={invalid.has(row.key)}
              error={errors[row.key]}
              onChange={onChange}
            />
          ))}
          {note && <p className="text-xs text-slate-500">{note}</p>}
        </div>
      ) : (
        <dl className="flex flex-col gap-3">
          {rows.map((row) => {
            const raw = row.key === 'headquartersCity' ? null : profile[row.key];
            const city = row.key === 'headquartersCity' ? profile.headquartersCity : null;
            const value = city
              ? `${city.name}, ${city.state}`
              : raw
                ? row.list
                  ? pickLabel(row.list, raw)
                  : raw
                : null;
            return (
              <div key={row.key}>
                <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
                <dd className="flex flex-wrap items-center gap-x-2 break-words text-slate-900">
                  {value ?? <span className="text-slate-500">{t('settings.notSpecified')}</span>}
                  {value && row.extra}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );

  // The office e-mail is in the personal section, but it is part of what verification proved.
  const verifiedNote = profile.isVerified ? t('trust.verificationHint') : undefined;
  return (
    <>
      {section(t('settings.personal'), personal, verifiedNote)}
      {section(t('settings.company'), company, verifiedNote)}
    </>
  );
}

function EditRow({
  row,
  draft,
  invalid,
  error,
  onChange,
}: {
  row: Row;
  draft: SettingsDraft;
  invalid: boolean;
  error: string | undefined;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
  if (row.key === 'headquartersCity') {
    return (
      <Field label={row.label} error={error} invalid={invalid}>
        {(props) => (
          <CityPicker
            id={props.id}
            invalid={invalid}
            value={draft.headquartersCity}
            onChange={(city) =>
              onChange({ headquartersCity: city && city !== 'remote' ? city : null })
            }
          />
        )}
      </Field>
    );
  }
  if (row.list) {
    const key = row.key as PickKey;
    return (
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium text-slate-700">{row.label}</span>
        <PickButtons
          list={row.list}
          label={row.label}
          value={draft[key]}
          onChange={(code) => onChange({ [key]: code })}
        />
      </div>
    );
  }
  const key = row.key as TextKey;
  return (
    <Field label={row.label} error={error} hint={row.hint} invalid={invalid}>
      {(props) => (
        <input
          {...props}
          type={row.type ?? 'text'}
          autoComplete={row.autoComplete}
          placeholder={row.placeholder}
          maxLength={row.maxLength}
          value={draft[key]}
          onChange={(e) => onChange({ [key]: e.target.value })}
          className={inputClass}
        />
      )}
    </Field>
  );
}
