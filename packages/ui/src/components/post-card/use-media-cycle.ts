import { useEffect, useState, type RefObject } from 'react';

/**
 * Which of `count` media a card shows: the next one every `intervalMs` while the card is on screen (cards scrolled
 * away do not change pictures nobody sees). Without IntersectionObserver the card counts as visible.
 */
export function useMediaCycle(count: number, intervalMs: number, target: RefObject<Element | null>): number {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) setVisible(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);

  useEffect(() => {
    if (count < 2 || !visible) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, visible]);

  return count === 0 ? 0 : index % count;
}
