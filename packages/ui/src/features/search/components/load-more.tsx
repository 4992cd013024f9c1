import { useAtomValue, useSetAtom } from 'jotai';
import { Button, Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { searchMessages as t } from '../messages';
import { loadMoreAtom, loadMoreStateAtom } from '../state';

/**
 * The end of the grid: 'Показать ещё' and infinite scroll (a sentinel near the bottom), a spinner while the next page
 * loads, and after a failure its message, a retry button and the automatic retry after 5 s (spec §4).
 */
export function LoadMore({ hasMore, hasPosts }: { hasMore: boolean; hasPosts: boolean }) {
  const state = useAtomValue(loadMoreStateAtom);
  const loadMore = useSetAtom(loadMoreAtom);
  const sentinel = useInfiniteScroll(hasMore && state.status === 'idle', () => void loadMore());

  if (!hasMore) return hasPosts ? <p className="load-more__end">{t.endOfFeed}</p> : null;
  return (
    <div className="load-more">
      <div ref={sentinel} className="load-more__sentinel" aria-hidden="true" />
      {state.status === 'failed' ? (
        <p className="load-more__error" role="alert">
          {state.offline ? MESSAGES.connectionProblem : state.message}
          <br />
          {t.loadMoreFailed}
        </p>
      ) : null}
      {state.status === 'loading' ? (
        <div role="status" aria-label={t.loading}>
          <Spinner size="m" />
        </div>
      ) : (
        <Button type="button" size="l" mode="bezeled" onClick={() => void loadMore()}>
          {state.status === 'failed' ? t.retry : t.loadMore}
        </Button>
      )}
    </div>
  );
}
