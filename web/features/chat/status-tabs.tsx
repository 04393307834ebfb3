import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, ROOM_STATUSES, type RoomStatus } from '#shared/picklists.ts';
import { UnreadBadge } from '../../components/unread-badge.tsx';
import { useUnreadCounts } from '../../lib/unread.ts';

/** The recruiter's tabs: every conversation first, then the six room statuses. */
export type MessagesTab = 'all' | RoomStatus;
export const MESSAGES_TABS: readonly MessagesTab[] = ['all', ...ROOM_STATUSES];

export const tabId = (tab: MessagesTab) => `messages-tab-${tab}`;
export const PANEL_ID = 'messages-panel';

/**
 * The recruiter's Messages tabs (WAI-ARIA tabs: one tab stop, arrows/Home/End move and select),
 * each with its number of conversations with unread messages, live (lib/unread.ts).
 */
export function StatusTabs({
  value,
  onChange,
}: {
  value: MessagesTab;
  onChange: (tab: MessagesTab) => void;
}) {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  const refs = useRef<Partial<Record<MessagesTab, HTMLButtonElement | null>>>({});

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = MESSAGES_TABS.indexOf(value);
    const last = MESSAGES_TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % MESSAGES_TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + MESSAGES_TABS.length) % MESSAGES_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const tab = MESSAGES_TABS[next]!;
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('chat.tabsLabel')}
      onKeyDown={onKeyDown}
      className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {MESSAGES_TABS.map((tab) => {
        const selected = tab === value;
        const label = tab === 'all' ? t('unread.all') : pickLabel('roomStatus', tab);
        const unread = (tab === 'all' ? counts?.conversations : counts?.byStatus[tab]) ?? 0;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={PANEL_ID}
            aria-label={
              unread > 0 ? t('unread.labelWithCount', { label, count: unread }) : undefined
            }
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors ${
              selected
                ? 'bg-brand-700 text-white'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            }`}
          >
            {label}
            {unread > 0 && <UnreadBadge count={unread} className="ring-0" />}
          </button>
        );
      })}
    </div>
  );
}
