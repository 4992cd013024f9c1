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
        // Smooth only for those who want motion: a smooth scroll is still under way when the reloaded page replaces
        // the cards, and the browser may stop it there, short of the top.
        const instant = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        window.scrollTo({ top: 0, behavior: instant ? 'auto' : 'smooth' });
        reload();
      }}
    >
      <span aria-hidden="true">↑</span>
      {t.newPosts}
      <span className="new-posts-pill__count">{count}</span>
    </button>
  );
}
