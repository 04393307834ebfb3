import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav.tsx';

/** The mobile-style frame of signed-in screens: a titled column with the bottom navigation. */
export function AppScreen({
  title,
  children,
  nav = true,
}: {
  title: string;
  children?: ReactNode;
  nav?: boolean;
}) {
  return (
    <div className="mx-auto min-h-dvh max-w-md bg-white pb-20 shadow-sm">
      <header className="sticky top-0 z-10 border-b border-slate-100 bg-white/95 px-4 py-3 backdrop-blur">
        <h1 className="text-xl font-bold">{title}</h1>
      </header>
      <main className="px-4 py-4">{children}</main>
      {nav && <BottomNav />}
    </div>
  );
}
