import { useEffect, useState } from 'react';
import type { Post } from '@autoradar/contract';
import { loadFeaturedPosts } from '../api';

export function useFeaturedPosts(): Post[] {
  const [posts, setPosts] = useState<Post[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void loadFeaturedPosts(controller.signal).then((loaded) => {
      if (!controller.signal.aborted) setPosts(loaded);
    });
    return () => controller.abort();
  }, []);
  return posts;
}
