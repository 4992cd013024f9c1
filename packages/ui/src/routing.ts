import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
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
  Screen: LazyScreen;
}

/** A screen loaded on demand, whose code can be asked for before the route renders it. */
export interface LazyScreen {
  (): ReactElement;
  /** Loads the screen's code now; once loaded, the route renders it at once, without a Suspense fallback. */
  preload: () => Promise<void>;
}

/**
 * React.lazy for a named export: `lazyScreen(() => import('./screens/x-screen'), 'XScreen')`. `preload()` starts the
 * load earlier (the feed's code during the mini-app's 2 s «Вы вошли» screen, issue 32); a screen whose code is already
 * there renders directly: React.lazy would still suspend once on its first render, show the fallback and reveal the
 * screen only on a later pass.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyScreen {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module[name] as ComponentType;
      },
      (error: unknown) => {
        pending = undefined; // a failed chunk is asked for again next time
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  // Chosen once per mount: switching from Lazy to the loaded component on a later render would remount the screen.
  const Screen = () => {
    const [Component] = useState<ComponentType>(() => Loaded ?? Lazy);
    return createElement(Component);
  };
  return Object.assign(Screen, { preload });
}
