import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from '../../components/ui/button.tsx';

/** The form of one onboarding step: its fields, then the save button ('Saving...' while saving). */
export function StepForm({
  saving,
  label,
  onSubmit,
  children,
}: {
  saving: boolean;
  label: string;
  onSubmit: () => Promise<void> | void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <Button type="submit" disabled={saving} className="mt-2 w-full">
        {saving ? t('onboarding.saving') : label}
      </Button>
    </form>
  );
}
