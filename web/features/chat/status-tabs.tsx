import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLabel, ROOM_STATUSES, type RoomStatus } from '#shared/picklists.ts';

export const tabId = (status: RoomStatus) => `messages-tab-${status}`;
export const PANEL_ID = 'messages-panel';

/**
 * The six room statuses as tabs (WAI-ARIA tabs: one tab stop, arrows/Home/End move and select).
 */
export function StatusTabs({
  value,
  onChange,
}: {
  value: RoomStatus;
  onChange: (status: RoomStatus) => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<RoomStatus, HTMLButtonElement | null>>>({});

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = ROOM_STATUSES.indexOf(value);
    const last = ROOM_STATUSES.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % ROOM_STATUSES.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + ROOM_STATUSES.length) % ROOM_STATUSES.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    const status = ROOM_STATUSES[next]!;
    onChange(status);
    refs.current[status]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={t('chat.tabsLabel')}
      onKeyDown={onKeyDown}
      className="-mx-4 mb-3 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
    >
      {ROOM_STATUSES.map((status) => {
        const selected = status === value;
        return (
          <button
            key={status}
            ref={(el) => {
              refs.current[status] = el;
            }}
            type="button"
            role="tab"
            id={tabId(status)}
            aria-selected={selected}
            aria-controls={PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(status)}
            className={`min-h-9 shrink-0 rounded-full px-3.5 text-sm font-semibold transition-colors ${
              selected
                ? 'bg-brand-700 text-white'
                : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
            }`}
          >
            {pickLabel('roomStatus', status)}
          </button>
        );
      })}
    </div>
  );
}
