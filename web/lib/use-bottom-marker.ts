import { useEffect, useState } from 'react';

/**
 * Infinite scroll (spec section 9): the next page loads when the bottom marker is 10 percent
 * visible. The observer is rebuilt after every page, so a marker that is still on screen after a
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
      { threshold: 0.1 },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [marker, hasNextPage, isFetchingNextPage, failed, fetchNextPage]);
  return setMarker;
}
