import type { Post } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';

export interface MyPosts {
  posts: Post[];
  count: number;
}

/** GET /api/posts/my: the user's own listings with their state, and how many there are. */
export async function fetchMyPosts(signal?: AbortSignal, call: Call = appCall): Promise<MyPosts> {
  const answer = await call(routes.posts.my, { signal });
  return { posts: answer.data, count: answer.meta.count };
}

/** POST /api/auth/logout-all: revokes every token of the user, this one included. */
export async function logoutEverywhere(call: Call = appCall): Promise<void> {
  await call(routes.auth.logoutAll);
}

/** GET /api/user/price-alerts: whether price-drop alerts on favourites are on (issue 33). */
export async function fetchPriceAlerts(signal?: AbortSignal, call: Call = appCall): Promise<boolean> {
  return (await call(routes.notes.alerts, { signal })).price_alerts;
}

/** PUT /api/user/price-alerts; resolves with what the server now holds. */
export async function savePriceAlerts(on: boolean, call: Call = appCall): Promise<boolean> {
  return (await call(routes.notes.setAlerts, { body: { price_alerts: on } })).price_alerts;
}
