import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from './ui/button.tsx';

/**
 * What a screen shows for something that is not there (a job, a candidate): the message,
 * announced, and Go Back.
 */
export function NotFoundNotice({ message, onBack }: { message: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p role="alert" className="text-lg font-semibold">
        {message}
      </p>
      <Button variant="outline" onClick={onBack}>
        {t('common.goBack')}
      </Button>
    </div>
  );
}
