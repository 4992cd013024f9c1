export interface LinkSettings {
  appUrl: string;
  botUsername: string | undefined;
  miniappShortName: string;
}

const POST_PAYLOAD = /^post_(\d{1,18})$/;

/** `/start post_<id>` deep links (DESIGN.md §6); the payload is at most 64 characters by Telegram's rules. */
export function parseStartPayload(payload: string): { postId: number } | undefined {
  const m = POST_PAYLOAD.exec(payload.trim());
  return m ? { postId: Number(m[1]) } : undefined;
}

/**
 * Where a button should lead. A t.me mini-app link works in every chat; without a bot username we fall back to
 * the site itself (the mini-app at /tma/ or the listing page).
 */
export function appLink(s: LinkSettings, startParam?: string): string {
  if (s.botUsername) {
    const base = `https://t.me/${s.botUsername}/${s.miniappShortName}`;
    return startParam ? `${base}?startapp=${encodeURIComponent(startParam)}` : base;
  }
  if (startParam) {
    const post = parseStartPayload(startParam);
    if (post) return `${s.appUrl}/posts/${post.postId}`;
  }
  return `${s.appUrl}/tma/`;
}

/** Telegram accepts web_app buttons only with https URLs. */
export function canUseWebApp(appUrl: string): boolean {
  return appUrl.startsWith('https://');
}
