import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLabel, type PickListName } from '#shared/picklists.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { PickButtons } from '../../components/pick-buttons.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import type { SettingsDraft } from './settings-draft.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';

type TextKey =
  'fullName' | 'email' | 'designation' | 'companyName' | 'websiteUrl' | 'headquartersAddress';
type PickKey = 'employeeSize' | 'financingStatus';

interface Row {
  key: TextKey | PickKey;
  label: string;
  list?: PickListName;
  type?: 'email' | 'url' | 'text';
  autoComplete?: string;
  extra?: ReactNode;
}

/** Personal Information and Company Information: text in view mode, inputs in edit mode. */
export function SettingsSections({
  profile,
  draft,
  invalid,
  onChange,
}: {
  profile: RecruiterProfileView;
  draft: SettingsDraft | null;
  invalid: ReadonlySet<string>;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
  const { t } = useTranslation();
  const personal: Row[] = [
    { key: 'fullName', label: t('settings.fullName'), autoComplete: 'name' },
    { key: 'email', label: t('settings.email'), type: 'email', autoComplete: 'email' },
    { key: 'designation', label: t('settings.designation'), autoComplete: 'organization-title' },
  ];
  const company: Row[] = [
    {
      key: 'companyName',
      label: t('settings.companyName'),
      autoComplete: 'organization',
      extra: profile.isVerified ? <VerifiedMark size={16} /> : null,
    },
    { key: 'websiteUrl', label: t('settings.website'), type: 'url', autoComplete: 'url' },
    {
      key: 'headquartersAddress',
      label: t('settings.headquarters'),
      autoComplete: 'street-address',
    },
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
              onChange={onChange}
            />
          ))}
          {note && <p className="text-xs text-slate-500">{note}</p>}
        </div>
      ) : (
        <dl className="flex flex-col gap-3">
          {rows.map((row) => {
            const raw = profile[row.key];
            const value = raw ? (row.list ? pickLabel(row.list, raw) : raw) : null;
            return (
              <div key={row.key}>
                <dt className="text-xs font-medium text-slate-500">{row.label}</dt>
                <dd className="flex items-center gap-1 break-words text-slate-900">
                  {value ?? <span className="text-slate-400">{t('settings.notSpecified')}</span>}
                  {value && row.extra}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );

  return (
    <>
      {section(t('settings.personal'), personal)}
      {section(
        t('settings.company'),
        company,
        profile.isVerified ? t('settings.verificationHint') : undefined,
      )}
    </>
  );
}

function EditRow({
  row,
  draft,
  invalid,
  onChange,
}: {
  row: Row;
  draft: SettingsDraft;
  invalid: boolean;
  onChange: (patch: Partial<SettingsDraft>) => void;
}) {
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
    <Field label={row.label}>
      {(props) => (
        <input
          {...props}
          aria-invalid={invalid}
          type={row.type ?? 'text'}
          autoComplete={row.autoComplete}
          value={draft[key]}
          onChange={(e) => onChange({ [key]: e.target.value })}
          className={inputClass}
        />
      )}
    </Field>
  );
}
