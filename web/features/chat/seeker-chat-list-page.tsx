import { useTranslation } from '#web/lib/i18n.ts';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { ChatList } from './chat-list.tsx';
import { ReconnectingBanner } from './reconnecting-banner.tsx';
import { useChatSync } from './use-chat-sync.ts';

/** /job-chats: the seeker's conversations with recruiters. */
export function SeekerChatListPage() {
  const { t } = useTranslation();
  useChatSync();
  return (
    <AppScreen title={t('chat.seekerListTitle')}>
      <ReconnectingBanner />
      <ChatList
        status={null}
        emptyText={t('chat.noChats')}
        chatPath="/jobseeker-chat"
        unknownName={t('chat.unknownRecruiter')}
      />
    </AppScreen>
  );
}
