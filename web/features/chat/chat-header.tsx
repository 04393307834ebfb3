import { ArrowLeft, Share2 } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Avatar } from '../../components/avatar.tsx';
import { SafetyMenu } from '../../components/moderation/safety-menu.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import { shareChatLink } from './share.ts';
import { useIsOnline } from './use-presence.ts';

const iconButton =
  'grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100';

/**
 * Back, the other user (name, live online state), the job and status, Share, and the menu to
 * report or block them (or unblock).
 */
export function ChatHeader({
  room,
  iAmRecruiter,
  onBack,
}: {
  room: RoomView;
  iAmRecruiter: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const online = useIsOnline(room.other.id);
  const name =
    room.other.name?.trim() || (iAmRecruiter ? t('chat.unknownUser') : t('chat.unknownRecruiter'));
  return (
    <header className="flex items-center gap-2 border-b border-slate-100 px-2 py-2">
      <button
        type="button"
        onClick={onBack}
        aria-label={t('chat.back')}
        title={t('chat.back')}
        className={iconButton}
      >
        <ArrowLeft size={22} aria-hidden="true" />
      </button>
      <div className="relative">
        <Avatar name={name} url={room.other.profileImage} size="md" />
        <span
          aria-hidden="true"
          className={`absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full border-2 border-white ${online ? 'bg-green-500' : 'bg-slate-300'}`}
        />
      </div>
      <div className="min-w-0 flex-1">
        {/* The mark stays outside the heading: the heading names the person, the mark is a fact
            about their company. It wraps under the name rather than squeeze it. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-2">
          <h1 className="min-w-0 truncate text-base font-bold leading-tight">{name}</h1>
          {room.other.isVerified && <VerifiedMark domain={room.other.verifiedDomain} />}
        </div>
        <p className="truncate text-xs text-slate-500">
          <span
            data-testid="presence"
            className={online ? 'font-semibold text-green-600' : 'text-slate-400'}
          >
            {online ? t('chat.online') : t('chat.offline')}
          </span>
          {room.jobTitle && <> · {t('chat.position', { title: room.jobTitle })}</>}
        </p>
        <p className="truncate text-xs text-slate-500">
          {t('chat.statusLine', { status: pickLabel('roomStatus', room.status) })}
        </p>
      </div>
      <button
        type="button"
        onClick={() => void shareChatLink(name)}
        aria-label={t('chat.share')}
        title={t('chat.share')}
        className={iconButton}
      >
        <Share2 size={20} aria-hidden="true" />
      </button>
      <SafetyMenu
        label={t('moderation.moreActionsFor', { name })}
        reports={[
          {
            label: t('moderation.report'),
            title: t('moderation.reportPersonTitle', { name }),
            target: { userId: room.other.id },
          },
        ]}
        block={{ userId: room.other.id, name, blocked: room.other.blockedByMe }}
      />
    </header>
  );
}
