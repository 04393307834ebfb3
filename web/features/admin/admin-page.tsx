import { useTranslation } from '#web/lib/i18n.ts';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { useModerationQueue } from './api.ts';
import { QueueItemCard } from './queue-item-card.tsx';

/** /admin (moderators only): the queue of reports and held jobs, and Sign Out. */
export function AdminPage() {
  const { t } = useTranslation();
  const { data: items, isPending, isError, refetch } = useModerationQueue();

  let body;
  if (isPending) body = <CardListSkeleton />;
  else if (isError) body = <LoadError message={t('moderation.queueFailed')} onRetry={refetch} />;
  else if (items.length === 0)
    body = (
      <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center font-semibold text-slate-600">
        {t('moderation.queueEmpty')}
      </p>
    );
  else
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-slate-600">
          {t('moderation.queueCount', { count: items.length })}
        </p>
        <ul aria-label={t('moderation.queueSubtitle')} className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <QueueItemCard item={item} />
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <AppScreen title={t('moderation.queueTitle')} nav={false}>
      {body}
      <SignOutButton className="mt-8 w-full" />
    </AppScreen>
  );
}
