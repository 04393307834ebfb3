import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, ROOM_STATUSES, type RoomStatus } from '#shared/picklists.ts';
import { UnreadBadge } from '../../components/unread-badge.tsx';
import { useUnreadCounts } from '../../lib/unread.ts';

/** The recruiter's tabs: every conversation first, then the six room statuses. */
export type MessagesTab = 'all' | RoomStatus;
export const MESSAGES_TABS: readonly MessagesTab[] = ['all', ...ROOM_STATUSES];

export const tabId = (tab: MessagesTab) => `messages-tab-${tab}`;
export const PANEL_ID = 'messages-panel';

/** Which ends of a horizontal scroller hide more content (a 1 px slack for rounding). */
function hiddenEnds(el: HTMLElement): { start: boolean; end: boolean } {
  return {
    start: el.scrollLeft > 1,
    end: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
  };
}

/**
 * The recruiter's Messages tabs (WAI-ARIA tabs: one tab stop, arrows/Home/End move and select),
 * each with its number of conversations with unread messages, live (lib/unread.ts). On a narrow
 * screen they scroll sideways: a fade on an edge says more tabs are there, and the selected tab
 * is scrolled into view (issue 15).
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
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const next = hiddenEnds(el);
    setMore((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
  }, []);
  useEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  // The selected tab in view (a deep link to ?tab=hired, or arrow keys), without moving the page.
  useLayoutEffect(() => {
    const el = list.current;
    const tab = refs.current[value];
    if (!el || !tab) return;
    const pad = 16;
    const left = tab.offsetLeft; // the tablist is the offset parent (relative)
    if (left - pad < el.scrollLeft) el.scrollLeft = Math.max(0, left - pad);
    else if (left + tab.offsetWidth + pad > el.scrollLeft + el.clientWidth)
      el.scrollLeft = left + tab.offsetWidth + pad - el.clientWidth;
    measure();
  }, [value, measure]);

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

  const fade = 'pointer-events-none absolute inset-y-0 w-10 from-white to-transparent';
  return (
    <div className="relative -mx-4 mb-3" data-more-start={more.start} data-more-end={more.end}>
      <div
        ref={list}
        role="tablist"
        aria-label={t('chat.tabsLabel')}
        onKeyDown={onKeyDown}
        onScroll={measure}
        className="relative flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
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
              className={`inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3.5 text-sm font-semibold transition-colors ${
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
      {more.start && (
        <span
          aria-hidden="true"
          data-testid="tabs-fade-start"
          className={`${fade} left-0 bg-linear-to-r`}
        />
      )}
      {more.end && (
        <span
          aria-hidden="true"
          data-testid="tabs-fade-end"
          className={`${fade} right-0 bg-linear-to-l`}
        />
      )}
    </div>
  );
}
