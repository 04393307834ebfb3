import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pickLabel, ROOM_STATUSES, type RoomStatus } from '#shared/picklists.ts';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { ChatList } from './chat-list.tsx';
import { ReconnectingBanner } from './reconnecting-banner.tsx';
import { PANEL_ID, StatusTabs, tabId } from './status-tabs.tsx';
import { useChatSync } from './use-chat-sync.ts';

const DEFAULT_TAB: RoomStatus = 'initiated';
const isStatus = (v: string | null): v is RoomStatus =>
  v !== null && (ROOM_STATUSES as readonly string[]).includes(v);

/** /recruiter-dashboard/Messages: the recruiter's conversations by hiring status (?tab=). */
export function RecruiterMessagesPage() {
  const { t } = useTranslation();
  useChatSync();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = isStatus(raw) ? raw : DEFAULT_TAB;
  const select = (status: RoomStatus) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('tab', status);
        return next;
      },
      { replace: true },
    );

  return (
    <AppScreen title={t('chat.recruiterListTitle')}>
      <StatusTabs value={tab} onChange={select} />
      <ReconnectingBanner />
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(tab)}>
        <ChatList
          key={tab}
          status={tab}
          emptyText={t('chat.noTabCandidates', {
            tab: pickLabel('roomStatus', tab).toLowerCase(),
          })}
          chatPath="/recruiter-messages/chat"
          unknownName={t('chat.unknownUser')}
        />
      </div>
    </AppScreen>
  );
}
