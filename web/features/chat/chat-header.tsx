import { ChevronDown, Share2 } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Avatar } from '../../components/avatar.tsx';
import { BackArrowButton } from '../../components/layout/back-arrow.tsx';
import { SafetyMenu } from '../../components/moderation/safety-menu.tsx';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import {
  RecruiterActions,
  resumeMenuActions,
  type RecruiterToolsState,
} from './recruiter-tools.tsx';
import { shareChatLink } from './share.ts';
import { useIsOnline } from './use-presence.ts';

const iconButton =
  'grid h-11 w-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100';

/** The recruiter's tools folded into the header, and the candidate panel the avatar toggles. */
export interface HeaderTools {
  tools: RecruiterToolsState;
  panelId: string;
  expanded: boolean;
  onToggle: () => void;
}

/**
 * Back, the other user (name, live online state), the job and status, Share, and the menu to
 * report or block them (or unblock). For the recruiter (`recruiter`) one row holds everything on
 * a phone (issue 15): the avatar opens the candidate card, Schedule Interview and Mark as are
 * icons, and the resume and Share join the ⋮ menu.
 */
export function ChatHeader({
  room,
  iAmRecruiter,
  onBack,
  recruiter,
}: {
  room: RoomView;
  iAmRecruiter: boolean;
  onBack: () => void;
  recruiter?: HeaderTools;
}) {
  const { t } = useTranslation();
  const online = useIsOnline(room.other.id);
  const name =
    room.other.name?.trim() || (iAmRecruiter ? t('chat.unknownUser') : t('chat.unknownRecruiter'));
  return (
    <header className="flex items-center gap-1 border-b border-slate-100 px-2 py-2">
      <BackArrowButton onClick={onBack} label={t('chat.back')} />
      {recruiter ? (
        <button
          type="button"
          onClick={recruiter.onToggle}
          aria-label={t('chat.candidateDetails')}
          title={t('chat.candidateDetails')}
          aria-expanded={recruiter.expanded}
          aria-controls={recruiter.panelId}
          className="relative shrink-0 rounded-full"
        >
          <Avatar name={name} url={room.other.profileImage} size="md" alt="" />
          <span
            aria-hidden="true"
            className={`absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full border-2 border-white ${online ? 'bg-green-500' : 'bg-slate-300'}`}
          />
          <ChevronDown
            size={14}
            aria-hidden="true"
            className={`absolute -bottom-0.5 -left-0.5 rounded-full bg-white text-slate-700 shadow transition-transform ${recruiter.expanded ? 'rotate-180' : ''}`}
          />
        </button>
      ) : (
        <div className="relative">
          <Avatar name={name} url={room.other.profileImage} size="md" />
          <span
            aria-hidden="true"
            className={`absolute bottom-0 right-0 h-3.5 w-3.5 rounded-full border-2 border-white ${online ? 'bg-green-500' : 'bg-slate-300'}`}
          />
        </div>
      )}
      <div className="ml-1 min-w-0 flex-1">
        {/* The mark stays outside the heading: the heading names the person, the mark is a fact
            about their company. It wraps under the name rather than squeeze it. */}
        <div className="flex min-w-0 flex-wrap items-center gap-x-2">
          <h1 className="min-w-0 truncate text-base font-bold leading-tight">{name}</h1>
          {room.other.isVerified && <VerifiedMark domain={room.other.verifiedDomain} />}
        </div>
        <p className="truncate text-xs text-slate-500">
          <span
            data-testid="presence"
            className={online ? 'font-semibold text-green-700' : 'text-slate-500'}
          >
            {online ? t('chat.online') : t('chat.offline')}
          </span>
          {room.jobTitle && <> · {t('chat.position', { title: room.jobTitle })}</>}
        </p>
        <p className="truncate text-xs text-slate-500">
          {t('chat.statusLine', { status: pickLabel('roomStatus', room.status) })}
        </p>
      </div>
      {recruiter ? (
        <RecruiterActions tools={recruiter.tools} />
      ) : (
        <button
          type="button"
          onClick={() => void shareChatLink(name)}
          aria-label={t('chat.share')}
          title={t('chat.share')}
          className={iconButton}
        >
          <Share2 size={20} aria-hidden="true" />
        </button>
      )}
      <SafetyMenu
        label={t('moderation.moreActionsFor', { name })}
        actions={
          recruiter
            ? [
                ...resumeMenuActions(recruiter.tools),
                {
                  label: t('chat.share'),
                  icon: <Share2 size={16} aria-hidden="true" className="text-slate-500" />,
                  onSelect: () => void shareChatLink(name),
                },
              ]
            : undefined
        }
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
