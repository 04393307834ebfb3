import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from '../../components/ui/button.tsx';

/** The part of an infinite query 'Show more' needs (TanStack Query's `useInfiniteQuery`). */
interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Show more' under a public list while the server has further pages; nothing after the last. */
export function ShowMoreButton({ pages }: { pages: MorePages }) {
  const { t } = useTranslation();
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button
        variant="outline"
        disabled={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
      >
        {pages.isFetchingNextPage ? t('public.loadingMore') : t('public.loadMore')}
      </Button>
    </div>
  );
}
