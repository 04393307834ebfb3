import { useId, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import type { Me } from '#shared/schemas/auth.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Button } from '../../components/ui/button.tsx';
import { ScreenSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { ChatHeader } from './chat-header.tsx';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { ReconnectingBanner } from './reconnecting-banner.tsx';
import { CandidatePanel, RecruiterDialogs, useRecruiterTools } from './recruiter-tools.tsx';
import { NoRoomError, useChatRoom } from './use-chat-queries.ts';
import { useChatSync } from './use-chat-sync.ts';
import { useRoomRefusal } from './use-outbox.ts';

export type ChatSide = 'seeker' | 'recruiter';

/**
 * Tall enough to show the recruiter's candidate card open under the header and still leave the
 * messages at least 60% of the screen; shorter (a phone with its keyboard up) it folds into the
 * header's avatar (issue 15).
 */
const ROOM_FOR_CARD = '(min-height: 640px)';

const LIST_OF: Record<ChatSide, string> = {
  seeker: '/job-chats',
  recruiter: '/recruiter-dashboard/Messages',
};

/**
 * /jobseeker-chat/:id and /recruiter-messages/chat/:id (id = the other user, ?job= optional):
 * the room with that user, its messages live, and the recruiter's hiring tools.
 */
export function ChatPage({ side }: { side: ChatSide }) {
  const { t } = useTranslation();
  const otherId = useParams().id ?? '';
  const jobId = useSearchParams()[0].get('job');
  const navigate = useNavigate();
  const location = useLocation();
  const { data: me } = useMe();
  useChatSync();
  const asRecruiter = me?.role === 'recruiter';
  const room = useChatRoom(otherId, jobId, asRecruiter);

  // Opened directly (a shared link): back goes to the chat list of the signed-in role.
  const list = LIST_OF[me ? (asRecruiter ? 'recruiter' : 'seeker') : side];
  const back = () => void (location.key === 'default' ? navigate(list) : navigate(-1));

  if (!me || room.isPending) return <ScreenSkeleton />;
  if (!room.data && !(room.error instanceof NoRoomError)) {
    // A network or server failure: the room may well open on a second try.
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center bg-white px-6">
        <LoadError
          message={errorMessage(room.error, t('chat.errorLoading'))}
          onRetry={room.refetch}
        >
          <Button variant="outline" onClick={back}>
            {t('common.goBack')}
          </Button>
        </LoadError>
      </div>
    );
  }
  if (!room.data) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 bg-white px-6 text-center">
        <p role="alert" className="text-base font-semibold text-slate-800">
          {room.error instanceof NoRoomError
            ? (room.error.reason ?? t('chat.findOrCreateFailedShort'))
            : t('chat.errorLoading')}
        </p>
        <Button variant="outline" onClick={back}>
          {t('common.goBack')}
        </Button>
      </div>
    );
  }
  return <ChatRoom room={room.data} me={me} onBack={back} />;
}

function ChatRoom({ room, me, onBack }: { room: RoomView; me: Me; onBack: () => void }) {
  const { t } = useTranslation();
  const iAmRecruiter = room.recruiterId === me.id;
  // No messages into a room with a suspended account or one I blocked; a block by the other side
  // is learnt from a refused send (the server's words, the same for both sides).
  const refusal = useRoomRefusal(room.id);
  const closedReason = room.other.suspended
    ? t('moderation.suspended')
    : room.other.blockedByMe
      ? t('chat.blocked')
      : refusal;
  return (
    <div className="mx-auto flex h-dvh max-w-md flex-col bg-white shadow-sm">
      {iAmRecruiter ? (
        <RecruiterTop room={room} onBack={onBack} />
      ) : (
        <ChatHeader room={room} iAmRecruiter={false} onBack={onBack} />
      )}
      <div className="px-4 pt-2">
        <ReconnectingBanner />
      </div>
      <MessageList room={room} myId={me.id} />
      <Composer roomId={room.id} closedReason={closedReason} />
    </div>
  );
}

/**
 * The recruiter's header, candidate card and dialogs. The screen's height decides whether the
 * card starts open; the server renders without knowing it (`useMediaQuery` is false there), so
 * only this part renders again when the browser's answer differs, not the whole room with its
 * messages (decision 024).
 */
function RecruiterTop({ room, onBack }: { room: RoomView; onBack: () => void }) {
  const tools = useRecruiterTools(room);
  const tall = useMediaQuery(ROOM_FOR_CARD);
  // null: as the screen allows; true/false: the recruiter opened or folded it.
  const [cardOpen, setCardOpen] = useState<boolean | null>(null);
  const expanded = cardOpen ?? tall;
  const panelId = useId();
  return (
    <>
      <ChatHeader
        room={room}
        iAmRecruiter
        onBack={onBack}
        recruiter={{ tools, panelId, expanded, onToggle: () => setCardOpen(!expanded) }}
      />
      <CandidatePanel room={room} tools={tools} id={panelId} hidden={!expanded} />
      <RecruiterDialogs room={room} tools={tools} />
    </>
  );
}
