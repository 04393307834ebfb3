import { useSearchParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { ChatList } from './chat-list.tsx';
import { ReconnectingBanner } from './reconnecting-banner.tsx';
import { MESSAGES_TABS, PANEL_ID, StatusTabs, tabId, type MessagesTab } from './status-tabs.tsx';
import { useChatSync } from './use-chat-sync.ts';

// The spec's default; 'All' is the first tab but not the default.
const DEFAULT_TAB: MessagesTab = 'initiated';
const isTab = (v: string | null): v is MessagesTab =>
  v !== null && (MESSAGES_TABS as readonly string[]).includes(v);

/**
 * /recruiter-dashboard/Messages: the recruiter's conversations, all of them or by hiring status
 * (?tab=).
 */
export function RecruiterMessagesPage() {
  const { t } = useTranslation();
  useChatSync();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = isTab(raw) ? raw : DEFAULT_TAB;
  const select = (status: MessagesTab) =>
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
          status={tab === 'all' ? null : tab}
          showStatus={tab === 'all'}
          emptyText={
            tab === 'all'
              ? t('chat.noChats')
              : t('chat.noTabCandidates', { tab: pickLabel('roomStatus', tab).toLowerCase() })
          }
          chatPath="/recruiter-messages/chat"
          unknownName={t('chat.unknownUser')}
        />
      </div>
    </AppScreen>
  );
}
