import { formatNumber, formatPrice } from '@autoradar/core';
import { escapeHtml } from '../escape-html';

// Every text of a price-drop or sold alert on a favourite (issue 33), Telegram and e-mail.

export interface AlertedListing {
  title: string;
  oldPrice: number | null;
  newPrice: number | null;
  currency: string;
}

export function priceOf(price: number, currency: string): string {
  return currency === 'RUB' ? formatPrice(price) : `${formatNumber(price)} ${currency}`;
}

/** "−5 %" (a drop of at least 1 % rounds to a whole percent; the minus is U+2212). */
export function dropPercent(oldPrice: number, newPrice: number): string {
  return `\u2212${Math.round(((oldPrice - newPrice) / oldPrice) * 100)} %`;
}

export const priceAlertMessages = {
  openPost: 'Открыть объявление',
  dropTitle: 'Цена снижена',
  soldTitle: 'Объявление из избранного снято с публикации',
  telegramDrop(l: AlertedListing): string {
    return [
      `📉 ${this.dropTitle}`,
      '',
      `<b>${escapeHtml(l.title)}</b>`,
      `Было: ${escapeHtml(priceOf(l.oldPrice!, l.currency))}`,
      `Стало: ${escapeHtml(priceOf(l.newPrice!, l.currency))} (${dropPercent(l.oldPrice!, l.newPrice!)})`,
    ].join('\n');
  },
  telegramSold(l: AlertedListing): string {
    return [
      `🏁 ${this.soldTitle} — возможно, автомобиль продан.`,
      '',
      `<b>${escapeHtml(l.title)}</b>`,
      ...(l.newPrice ? [`Последняя цена: ${escapeHtml(priceOf(l.newPrice, l.currency))}`] : []),
    ].join('\n');
  },
  emailSubjectDrop: (l: AlertedListing) =>
    `Цена снижена: ${l.title} — ${priceOf(l.newPrice!, l.currency)} вместо ${priceOf(l.oldPrice!, l.currency)}`,
  emailSubjectSold: (l: AlertedListing) => `Снято с публикации: ${l.title}`,
  emailFooter: (appName: string) =>
    `Вы получили это письмо, потому что добавили объявление в избранное в ${appName}. Отключить уведомления о цене можно в профиле.`,
} as const;
