import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { useBlockToggle, useBlockedPeople, type BlockedPerson } from '../../lib/moderation.ts';
import { Avatar } from '../avatar.tsx';
import { SectionCard } from '../profile/section-card.tsx';
import { Button } from '../ui/button.tsx';
import { LoadError } from '../ui/load-error.tsx';

/** "Blocked people" on both settings screens: who I blocked, since when, and Unblock. */
export function BlockedPeopleCard() {
  const { t } = useTranslation();
  const { data: people, isPending, isError, refetch } = useBlockedPeople();
  let body;
  if (isPending)
    body = (
      <p role="status" className="py-2 text-sm text-slate-500">
        {t('common.loading')}
      </p>
    );
  else if (isError)
    body = <LoadError inline message={t('moderation.blockedLoadFailed')} onRetry={refetch} />;
  else if (people.length === 0)
    body = <p className="text-sm text-slate-500">{t('moderation.noBlocked')}</p>;
  else
    body = (
      <ul className="flex flex-col divide-y divide-slate-100">
        {people.map((person) => (
          <BlockedRow key={person.userId} person={person} />
        ))}
      </ul>
    );
  return <SectionCard title={t('moderation.blockedTitle')}>{body}</SectionCard>;
}

function BlockedRow({ person }: { person: BlockedPerson }) {
  const { t, i18n } = useTranslation();
  const toggle = useBlockToggle(person.userId);
  const name = person.name?.trim() || person.companyName?.trim() || t('moderation.someone');
  const unblock = () =>
    toggle.mutate(false, {
      onSuccess: () => toast.success(t('moderation.unblocked', { name })),
      onError: (err) => toast.error(errorMessage(err, t('moderation.unblockFailed'))),
    });
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar name={name} url={null} size="md" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">
          {person.name && person.companyName ? `${person.companyName} · ` : ''}
          {t('moderation.blockedOn', { date: formatDate(person.blockedAt, i18n.language) })}
        </p>
      </div>
      <Button
        variant="outline"
        className="shrink-0 px-3"
        disabled={toggle.isPending}
        aria-label={t('moderation.unblockName', { name })}
        onClick={unblock}
      >
        {t('moderation.unblock')}
      </Button>
    </li>
  );
}
