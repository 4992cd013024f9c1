import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onReach` when the sentinel comes within `margin` of the viewport (IntersectionObserver). */
export function useInfiniteScroll(enabled: boolean, onReach: () => void, margin = '600px'): RefObject<HTMLDivElement> {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, margin]);
  return sentinel;
}
