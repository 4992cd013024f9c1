import { SNACKBAR_LONG_MS } from '@autoradar/core';

/**
 * A short message that stays on screen across the navigation that follows it: 'Объявление успешно опубликовано' is
 * read on the listing's page, the saved draft on the pay page (spec §8, §4). The app has no shared notice host yet,
 * so this one is a plain element inside the app's layout (it inherits the theme's colours) that removes itself. It is
 * announced politely to screen readers.
 */
export function showPageNotice(text: string, tone: 'success' | 'error' = 'success', durationMs = SNACKBAR_LONG_MS) {
  if (typeof document === 'undefined') return;
  for (const old of document.querySelectorAll('.sell-page-notice')) old.remove();
  // Inside the layout when there is one, so the notice sits above its bottom navigation.
  const host = document.querySelector('.app-layout') ?? document.querySelector('.app-root') ?? document.body;
  const notice = document.createElement('div');
  notice.className = `sell-page-notice sell-page-notice--${tone}`;
  notice.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  notice.setAttribute('aria-live', tone === 'error' ? 'assertive' : 'polite');
  notice.textContent = text;
  host.appendChild(notice);
  setTimeout(() => notice.remove(), durationMs);
}
