import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from './button.tsx';

/**
 * The one error state of something that failed to load: what failed, and Try again, which asks
 * the server again (the query's `refetch`, or `fetchNextPage` for a list's next page). A block
 * standing in for a screen's content, or `inline` as a row in a card or under a list. `children`
 * are further ways out beside Try again (Go Back).
 */
export function LoadError({
  message,
  onRetry,
  inline = false,
  children,
}: {
  message: string;
  onRetry: () => unknown;
  inline?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const retry = (
    <Button variant={inline ? 'ghost' : 'outline'} className="px-3" onClick={() => void onRetry()}>
      {t('common.retry')}
    </Button>
  );
  if (inline)
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-red-700">{message}</p>
        {retry}
      </div>
    );
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-2xl bg-red-50 px-4 py-8 text-center"
    >
      <p className="text-sm text-red-700">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {retry}
        {children}
      </div>
    </div>
  );
}
