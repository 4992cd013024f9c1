import { postPageUrl } from '@autoradar/core';
import { escapeHtml } from '../escape-html';
import type { MailMessage } from '../mail';
import { listingFacts, notifyMessages, type NotifiedListing } from './notify.messages';

// The e-mail form of a notification: Russian HTML and text parts, the listing's photo, a link to its web page and a
// one-click unsubscribe link (also as the List-Unsubscribe header) that pauses the filter without signing in.

export interface EmailNotice {
  to: string;
  listings: (NotifiedListing & { filterId: number; unsubscribeToken: string; photoUrl?: string })[];
}

/** The unsubscribe page (GET, no sign-in): opening it pauses the filter. */
export function unsubscribeUrl(appUrl: string, filterId: number, token: string): string {
  return `${appUrl}/filters/${filterId}/unsubscribe?token=${encodeURIComponent(token)}`;
}

const absolute = (appUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${appUrl}${url.startsWith('/') ? '' : '/'}${url}`;

export function buildNotificationEmail(appUrl: string, appName: string, notice: EmailNotice): MailMessage {
  const esc = escapeHtml;
  const { listings } = notice;
  const first = listings[0]!;
  const unsubscribe = unsubscribeUrl(appUrl, first.filterId, first.unsubscribeToken);
  const subject =
    listings.length === 1 ? notifyMessages.emailSubject(first) : notifyMessages.emailSubjectGroup(listings.length);

  const textItems = listings.map((l) =>
    [
      l.title,
      ...listingFacts(l).map(([k, v]) => `${k}: ${v}`),
      `Фильтр: «${l.filterName}»`,
      `${notifyMessages.emailOpen}: ${postPageUrl(appUrl, l.postId)}`,
    ].join('\n'),
  );
  const filters = new Map(listings.map((l) => [l.filterId, l]));
  const unsubscribeLines = [...filters.values()].map(
    (l) =>
      `${notifyMessages.emailUnsubscribe} «${l.filterName}»: ${unsubscribeUrl(appUrl, l.filterId, l.unsubscribeToken)}`,
  );
  const text = [
    notifyMessages.emailIntro,
    '',
    textItems.join('\n\n'),
    '',
    notifyMessages.emailFooter(appName),
    ...unsubscribeLines,
  ].join('\n');

  const htmlItems = listings.map((l) => {
    const link = esc(postPageUrl(appUrl, l.postId));
    const photo = l.photoUrl
      ? `<p><a href="${link}"><img src="${esc(absolute(appUrl, l.photoUrl))}" alt="${esc(l.title)}" width="480" style="max-width:100%;border-radius:8px"></a></p>`
      : '';
    const facts = listingFacts(l)
      .map(([k, v]) => `<li>${esc(k)}: <b>${esc(v)}</b></li>`)
      .join('');
    return (
      `<h2 style="margin:16px 0 8px"><a href="${link}">${esc(l.title)}</a></h2>${photo}` +
      `<ul>${facts}</ul><p>Фильтр: «${esc(l.filterName)}»</p>` +
      `<p><a href="${link}" style="display:inline-block;padding:10px 16px;background:#2f80ed;color:#fff;border-radius:6px;text-decoration:none">${esc(notifyMessages.emailOpen)}</a></p>`
    );
  });
  const unsubscribeHtml = [...filters.values()]
    .map(
      (l) =>
        `<a href="${esc(unsubscribeUrl(appUrl, l.filterId, l.unsubscribeToken))}">${esc(notifyMessages.emailUnsubscribe)} «${esc(l.filterName)}»</a>`,
    )
    .join('<br>');
  const html =
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${esc(subject)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;color:#222"><p>${esc(notifyMessages.emailIntro)}</p>${htmlItems.join('<hr>')}` +
    `<p style="color:#777;font-size:12px">${esc(notifyMessages.emailFooter(appName))}<br>${unsubscribeHtml}</p></body></html>`;

  return {
    to: notice.to,
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  };
}
