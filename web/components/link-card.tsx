import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A card whose one link (its title) covers the whole card: one tab stop named by the title, the
 * rest read as its content, and the focus ring drawn on the card instead of the title alone.
 */
export function LinkCard({ children }: { children: ReactNode }) {
  return (
    <article className="relative flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-500 has-[a:focus-visible]:border-brand-600 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-600">
      {children}
    </article>
  );
}

/** The title link of a `LinkCard`, stretched over the card. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="after:absolute after:inset-0 after:rounded-2xl"
      style={{ outline: 'none' }}
    >
      {children}
    </Link>
  );
}
