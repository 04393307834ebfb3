import { useEffect, useState } from 'react';

/** How far below the visible part the marker starts the next page: one screen. */
const AHEAD = '100%';

/**
 * Infinite scroll (spec section 9): the next page loads before the bottom marker shows, once it
 * is within a screen's height below the visible part (issue 15: on 3G a page takes a second or
 * two; asked for ahead, it is there when the person reaches the end). The observer is rebuilt after every page, so a marker that is still on screen after a
 * short page asks again; it stops when there is no next page or the last attempt failed.
 * Takes the infinite query itself; returns the ref callback for the marker element.
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
}): (element: HTMLElement | null) => void {
  const [marker, setMarker] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!marker || !hasNextPage || isFetchingNextPage || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: `0px 0px ${AHEAD}`, threshold: 0 },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, hasNextPage, isFetchingNextPage, failed, fetchNextPage]);
  return setMarker;
}
