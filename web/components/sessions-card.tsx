import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import type { z } from 'zod';
import type { sessionList } from '#shared/schemas/auth.ts';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { api, errorMessage } from '../lib/api.ts';
import { formatDate } from '../lib/dates.ts';
import { deviceLabel } from '../lib/device-label.ts';
import { SectionCard } from './profile/section-card.tsx';
import { Button } from './ui/button.tsx';
import { LoadError } from './ui/load-error.tsx';

const sessionsKey = ['me', 'sessions'] as const;

/**
 * "Signed-in devices" on both settings screens: where this account is signed in, and one button
 * that signs out of all the others (a lost phone, a changed SIM, a shared computer); their open
 * chats close at once (docs/security.md).
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) =>
      api<z.infer<typeof sessionList>>('/api/me/sessions', { signal }).then((r) => r.sessions),
  });
  const signOutOthers = useMutation({
    mutationFn: () => api<{ ended: number }>('/api/auth/logout-others', { method: 'POST' }),
    onSuccess: ({ ended }) => {
      toast.success(t('settings.signedOutOthers', { count: ended }));
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (err) => toast.error(errorMessage(err, t('settings.signOutOthersFailed'))),
  });

  let body;
  if (isPending)
    body = (
      <p role="status" className="py-2 text-sm text-slate-500">
        {t('common.loading')}
      </p>
    );
  else if (isError)
    body = <LoadError inline message={t('settings.devicesLoadFailed')} onRetry={refetch} />;
  else {
    const others = data.filter((s) => !s.current).length;
    body = (
      <div className="flex flex-col gap-3">
        <ul className="flex flex-col divide-y divide-slate-100">
          {data.map((s) => (
            <li key={s.id} className="flex items-center gap-3 py-2">
              <Smartphone size={20} aria-hidden="true" className="shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-slate-900">
                  {deviceLabel(s.userAgent) ?? t('settings.unknownDevice')}
                  {s.current && (
                    <span className="ml-2 text-xs font-medium text-brand-700">
                      {t('settings.thisDevice')}
                    </span>
                  )}
                </p>
                <p className="text-xs text-slate-500">
                  {t('settings.signedInOn', { date: formatDate(s.createdAt, i18n.language) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        {others === 0 ? (
          <p className="text-sm text-slate-500">{t('settings.onlyThisDevice')}</p>
        ) : (
          <Button
            variant="outline"
            disabled={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate()}
          >
            {signOutOthers.isPending ? t('settings.signingOutOthers') : t('settings.signOutOthers')}
          </Button>
        )}
      </div>
    );
  }
  return <SectionCard title={t('settings.devicesTitle')}>{body}</SectionCard>;
}
