import { appLink, formatStartPayload, postPageUrl } from '@autoradar/core';
import { readBotUsername, readMiniappShortName } from '../../config';
import type { Platform } from '../../platform';

/** How a share ended, for the page to confirm it (a copied link) or say it failed. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareEnvironment {
  platform: Platform;
  /** The site's origin (window.location.origin). */
  origin: string;
  botUsername: string | undefined;
  /** The mini-app's short name in t.me links (MINIAPP_SHORT_NAME, as the server tells the page). */
  miniappShortName: string;
  /** The browser's share sheet and clipboard (tests pass their own). */
  navigator: Pick<Navigator, 'clipboard'> & Partial<Pick<Navigator, 'share'>>;
}

/**
 * The link a listing is shared with. Inside Telegram: the bot's mini-app link with `startapp=post_<id>`, which opens
 * the listing in the mini-app for whoever taps it (core's appLink; without a bot username, the listing's web page).
 * On the web: the listing's web page, which opens in any browser.
 */
export function shareLink(
  env: Pick<ShareEnvironment, 'platform' | 'origin' | 'botUsername' | 'miniappShortName'>,
  postId: number,
): string {
  if (env.platform.share) {
    const settings = { appUrl: env.origin, botUsername: env.botUsername, miniappShortName: env.miniappShortName };
    return appLink(settings, formatStartPayload({ kind: 'post', postId }));
  }
  return postPageUrl(env.origin, postId);
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a listing: Telegram's chat picker inside the mini-app, the system share sheet on the web when the browser
 * has one, else the link goes to the clipboard.
 */
export async function sharePost(env: ShareEnvironment, post: { id: number; title: string }): Promise<ShareOutcome> {
  const url = shareLink(env, post.id);
  if (env.platform.share) {
    env.platform.share(url, post.title);
    return 'shared';
  }
  if (env.navigator.share) {
    try {
      await env.navigator.share({ title: post.title, url });
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
      // A browser that refuses the share sheet here (no user gesture, a blocked page) still copies.
    }
  }
  try {
    await env.navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The page's environment. */
export function browserShareEnvironment(platform: Platform): ShareEnvironment {
  return {
    platform,
    origin: window.location.origin,
    botUsername: readBotUsername(),
    miniappShortName: readMiniappShortName(),
    navigator: window.navigator,
  };
}
