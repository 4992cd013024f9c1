import { useAtomValue, useSetAtom } from 'jotai';
import { searchMessages as t } from '../messages';
import { newPostsCountAtom, reloadFeedAtom } from '../state';

/** 'Новые объявления' with their count; pressed, it scrolls to the top and reloads the feed (spec §2, §4). */
export function NewPostsPill() {
  const count = useAtomValue(newPostsCountAtom);
  const reload = useSetAtom(reloadFeedAtom);
  if (count <= 0) return null;
  return (
    <button
      type="button"
      className="new-posts-pill"
      aria-label={t.newPostsLabel(count)}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        reload();
      }}
    >
      <span aria-hidden="true">↑</span>
      {t.newPosts}
      <span className="new-posts-pill__count">{count}</span>
    </button>
  );
}
