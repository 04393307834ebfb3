import { useTranslation } from '#web/lib/i18n.ts';
import { LoadError } from './ui/load-error.tsx';

/**
 * Who is signed in could not be asked (no network, a server error) and this browser keeps no copy
 * of the answer: a screen cannot know where it belongs, so it says so with Try again instead of
 * loading for ever or sending a signed-in person to the landing page (decision 028, session 23).
 */
export function SessionCheckFailed({ onRetry }: { onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center bg-white px-4">
      <LoadError message={t('session.checkFailed')} onRetry={onRetry} />
    </main>
  );
}
