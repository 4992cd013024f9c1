import type { Platform } from '@autoradar/ui';

/** The browser: links open in a new tab; no native back button or haptics; the theme follows the system. */
export function createWebPlatform(): Platform {
  return {
    kind: 'web',
    openLink: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}
