import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { ChatListItem } from '#shared/schemas/chat.ts';
import { Avatar } from '../../components/avatar.tsx';
import { chatTime } from './chat-date.ts';

/**
 * One conversation (spec section 3 "Chat list item"): avatar or placeholder, name, last message
 * time (green when the other user is online), last message, 'Position: {title}', unread badge;
 * in the recruiter's 'All' tab, the hiring status too.
 */
export function ChatListRow({
  item,
  href,
  online,
  unknownName,
  now,
  showStatus = false,
}: {
  item: ChatListItem;
  href: string;
  online: boolean;
  unknownName: string;
  now: Date;
  showStatus?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const name = item.userName?.trim() || unknownName;
  const time = chatTime(item.lastMessageTime, now, i18n.language, t('chat.yesterday'));
  const unread = item.unreadCount > 0;
  return (
    <li>
      <Link
        to={href}
        data-room={item.roomId}
        className="flex items-center gap-3 rounded-2xl px-2 py-3 hover:bg-slate-50"
      >
        <Avatar name={name} url={item.profileImage} size="md" lazy />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className={`truncate text-base ${unread ? 'font-bold' : 'font-semibold'}`}>{name}</p>
            {time && (
              <time
                dateTime={item.lastMessageTime ?? undefined}
                data-online={online ? 'true' : 'false'}
                className={`shrink-0 text-xs ${online ? 'font-semibold text-green-700' : 'text-slate-500'}`}
              >
                {time}
                <span className="sr-only">, {online ? t('chat.online') : t('chat.offline')}</span>
              </time>
            )}
          </div>
          <div className="flex items-center justify-between gap-2">
            <p
              className={`truncate text-sm ${unread ? 'font-medium text-slate-900' : 'text-slate-500'}`}
            >
              {item.lastMessage ?? ''}
            </p>
            {unread && (
              <span className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true" data-testid="unread-badge">
                  {item.unreadCount > 99 ? '99+' : item.unreadCount}
                </span>
                <span className="sr-only">{t('chat.unread', { count: item.unreadCount })}</span>
              </span>
            )}
          </div>
          {(item.jobTitle || showStatus) && (
            <p className="truncate text-xs text-brand-700">
              {item.jobTitle && t('chat.position', { title: item.jobTitle })}
              {item.jobTitle && showStatus && ' · '}
              {showStatus && (
                <span className="text-slate-500">{pickLabel('roomStatus', item.status)}</span>
              )}
            </p>
          )}
        </div>
      </Link>
    </li>
  );
}
