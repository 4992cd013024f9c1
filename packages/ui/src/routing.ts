import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppPath } from './paths';

/** Who may open a route (spec §2's access column); the app's route table puts each route behind its guard. */
export type RouteAccess = 'everyone' | 'signed-in' | 'admin';

/**
 * A feature's route: each feature lists its own in `features/<feature>/routes.ts`, and `app/routes.tsx` composes
 * them, so a feature never imports another and the app never reaches into a feature's screens.
 */
export interface FeatureRoute {
  /** One of paths.ts's patterns. */
  path: AppPath;
  access: RouteAccess;
  /** A route name the spec uses (`search`, `post`). */
  id?: string;
  /** Loaded on demand (React.lazy), so the first screen does not carry the rest. */
  Screen: LazyExoticComponent<ComponentType>;
}

/** React.lazy for a named export: `lazyScreen(() => import('./screens/x-screen'), 'XScreen')`. */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
