import type { ReactNode } from 'react';
import { PublicHeader } from '../../components/layout/public-header.tsx';
import { PublicFooter } from '../../components/layout/public-footer.tsx';

/** The frame of every public page: the public header, the page (one h1 inside) and the footer. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main
        className={`mx-auto w-full flex-1 px-4 py-6 sm:py-10 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}
      >
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
