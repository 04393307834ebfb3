import { useEffect } from 'react';

/**
 * Fetches a screen's code as soon as a link to it is touched, hovered or focused, so that by the
 * time the tap ends (100-300 ms later on a phone) its chunk is on its way or there (issue 15).
 * One listener for the whole document: every link of every screen, with no code in the cards.
 * `preloadFor` says which screen a path opens (web/app/routes.tsx).
 */
export function useScreenIntent(preloadFor: (pathname: string) => void): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest<HTMLAnchorElement>('a[href]');
      if (!link) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname !== window.location.pathname)
        preloadFor(url.pathname);
    };
    const events = ['pointerdown', 'mouseover', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, [preloadFor]);
}
