import { useCallback, type RefCallback } from 'react';

/** How far below the visible part the marker starts the next page: one screen. */
const AHEAD = '100%';

/**
 * Infinite scroll (spec section 9): the next page loads before the bottom marker shows, once it
 * is within a screen's height below the visible part (issue 15: on 3G a page takes a second or
 * two; asked for ahead, it is there when the person reaches the end). The observer is rebuilt after every page, so a marker that is still on screen after a
 * short page asks again; it stops when there is no next page or the last attempt failed.
 * Takes the infinite query itself; returns the ref callback for the marker element.
 *
 * The observer lives in the ref callback (React 19 calls its cleanup when the element goes or
 * the callback changes), not in state set from the ref: a state update from a ref is applied
 * synchronously in the commit, and after a server-rendered feed is taken over it re-rendered
 * every card in one long task (decision 024).
 */
export function useBottomMarker({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError: failed,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}): RefCallback<HTMLElement> {
  return useCallback(
    (marker: HTMLElement | null) => {
      if (!marker || !hasNextPage || isFetchingNextPage || failed) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
        },
        { rootMargin: `0px 0px ${AHEAD}`, threshold: 0 },
      );
      observer.observe(marker);
      return () => observer.disconnect();
    },
    [hasNextPage, isFetchingNextPage, failed, fetchNextPage],
  );
}
