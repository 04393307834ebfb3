/**
 * The number of conversations with unread messages, drawn on a navigation item or a tab. Hidden
 * from screen readers: the item's own name says it in words ("Messages, 3 unread chats").
 */
export function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="unread-count"
      className={`inline-flex min-w-[1.125rem] items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-[1.125rem] font-bold text-white ring-2 ring-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
