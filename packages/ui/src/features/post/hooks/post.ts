import { useCallback, useEffect, useState } from 'react';
import { loadPost, type PostLoad } from '../api';

export type PostState = { kind: 'loading' } | PostLoad;

/** Loads the listing for `id`; `retry` loads it again (after a connection problem). */
export function usePost(id: string): { state: PostState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const key = `${id}#${attempt}`;
  // A result belongs to the request that produced it; anything older reads as loading.
  const [result, setResult] = useState<{ key: string; load: PostLoad } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadPost(id, controller.signal).then(
      (load) => {
        if (!controller.signal.aborted) setResult({ key, load });
      },
      () => {}, // aborted: a newer load owns the state
    );
    return () => controller.abort();
  }, [id, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state: result?.key === key ? result.load : { kind: 'loading' }, retry };
}
