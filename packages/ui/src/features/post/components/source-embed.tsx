import { useEffect, useRef } from 'react';
import { embedKey, type EmbedSource } from '../embed-source';
import { postActionMessages } from '../messages';

// The platforms' own embed widgets (Telegram's telegram-widget.js, VK's openapi.js). They load from the platforms'
// servers, which may be unreachable (tests without internet, blocked networks): the page shows its own rendering
// until a widget has really drawn its frame, and keeps it if the script fails or nothing appears in time.

export const TELEGRAM_WIDGET_SRC = 'https://telegram.org/js/telegram-widget.js?22';
export const VK_OPENAPI_SRC = 'https://vk.com/js/api/openapi.js?169';
/** How long a widget may take to draw before the page stops waiting for it. */
export const EMBED_TIMEOUT_MS = 10_000;

declare global {
  interface Window {
    VK?: { Widgets?: { Post?: (elementId: string, ownerId: number, postId: number, hash: string) => unknown } };
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads a script once per page; a failed load is forgotten so a later page may try again. */
function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      script.remove();
      reject(new Error(`script failed: ${src}`));
    };
    document.head.appendChild(script);
  });
  scripts.set(src, loading);
  return loading;
}

export type EmbedState = 'ready' | 'failed';

/**
 * The source post in the platform's widget. Reports 'ready' once the widget's frame has loaded, 'failed' when the
 * script cannot load or no frame loads within EMBED_TIMEOUT_MS; the page never waits on it.
 */
export function SourceEmbed({ source, onState }: { source: EmbedSource; onState: (state: EmbedState) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const report = useRef(onState);
  useEffect(() => {
    report.current = onState;
  });
  const key = embedKey(source);

  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let settled = false;
    const settle = (state: EmbedState) => {
      if (settled) return;
      settled = true;
      report.current(state);
    };
    const watch = new MutationObserver(() => {
      for (const frame of container.querySelectorAll('iframe')) {
        if (frame.dataset['watched']) continue;
        frame.dataset['watched'] = 'true';
        frame.addEventListener('load', () => settle('ready'), { once: true });
      }
    });
    watch.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => settle('failed'), EMBED_TIMEOUT_MS);

    if (source.kind === 'telegram') {
      // telegram-widget.js turns every script carrying data-telegram-post into the post's iframe.
      const script = document.createElement('script');
      script.async = true;
      script.src = TELEGRAM_WIDGET_SRC;
      script.dataset['telegramPost'] = source.post;
      script.dataset['width'] = '100%';
      script.onerror = () => settle('failed');
      container.appendChild(script);
    } else {
      const target = document.createElement('div');
      target.id = `vk_post_${source.ownerId}_${source.postId}`;
      container.appendChild(target);
      loadScript(VK_OPENAPI_SRC)
        .then(() => {
          const post = window.VK?.Widgets?.Post;
          if (!post) throw new Error('VK.Widgets.Post is missing');
          post(target.id, source.ownerId, source.postId, source.hash);
        })
        .catch(() => settle('failed'));
    }

    return () => {
      settled = true;
      watch.disconnect();
      clearTimeout(timer);
      container.replaceChildren();
    };
    // The key names the source; the object itself may be a new one on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return <div ref={ref} className="post-embed" role="region" aria-label={postActionMessages.embed.label} />;
}
