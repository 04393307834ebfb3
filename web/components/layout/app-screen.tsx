import type { ReactNode } from 'react';
import { BackArrowLink } from './back-arrow.tsx';
import { BottomNav } from './bottom-nav.tsx';

/**
 * The mobile-style frame of signed-in screens: a titled column with the bottom navigation.
 * `back` puts an arrow before the title, for a screen reached from another one (not a tab).
 */
export function AppScreen({
  title,
  children,
  nav = true,
  back,
}: {
  title: string;
  children?: ReactNode;
  nav?: boolean;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white pb-20 shadow-sm">
      <header
        className={`sticky top-0 z-10 flex items-center gap-2 border-b border-slate-100 bg-white/95 backdrop-blur ${back ? 'px-2 py-2' : 'px-4 py-3'}`}
      >
        {back && <BackArrowLink to={back.to} label={back.label} />}
        <h1 className="text-xl font-bold">{title}</h1>
      </header>
      <main className="px-4 py-4">{children}</main>
      {nav && <BottomNav />}
    </div>
  );
}
