import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusElement } from '../lib/focus.ts';

/** How long a new screen may take to show its heading (its code and data loading). */
const WAIT_MS = 10_000;

/**
 * The screen's main heading: the shown h1 in <main>, else the first shown h1 (some screens keep
 * theirs in a header). A screen React keeps hidden while the next one loads does not count.
 */
function heading(): HTMLElement | null {
  const shown = (selector: string) =>
    [...document.querySelectorAll<HTMLElement>(selector)].find((h) => h.getClientRects().length);
  return shown('main h1') ?? shown('h1') ?? null;
}

/**
 * After a client-side navigation (not on the first load), moves focus to the new screen's h1, so
 * keyboard and screen-reader users start on the new screen instead of on a link that is gone
 * (docs/decisions/022-accessibility.md). The h1 may come later than the route (code chunk, guard,
 * data): it is awaited. Focus that something on the new screen took meanwhile (an autofocused
 * field, a dialog) is left where it is. Keyed on the path: a changed query is the same screen.
 */
export function useFocusOnNavigate(): void {
  const { pathname } = useLocation();
  // The path focus was last settled for: the first load's, so it is left alone (and an effect run
  // twice on mount, as StrictMode does, is no navigation).
  const settled = useRef(pathname);
  useEffect(() => {
    if (settled.current === pathname) return;
    settled.current = pathname;
    const before = document.activeElement;
    const tookFocus = () => {
      const now = document.activeElement;
      return now !== null && now !== document.body && now !== before && now.isConnected;
    };
    const tryFocus = () => {
      if (tookFocus()) return true;
      const h1 = heading();
      if (!h1) return false;
      return focusElement(h1);
    };
    if (tryFocus()) return;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
