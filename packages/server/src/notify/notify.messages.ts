import { formatNumber, formatPrice } from '@autoradar/core';
import { escapeHtml } from '../escape-html';

// Every text a saved-filter notification carries (Telegram and e-mail), in one place.

export interface NotifiedListing {
  postId: number;
  title: string;
  price: number | null;
  currency: string;
  year: number | null;
  mileage: number | null;
  city: string | null;
  filterName: string;
}

function priceText(l: NotifiedListing): string | undefined {
  if (l.price === null || l.price <= 0) return undefined;
  return l.currency === 'RUB' ? formatPrice(l.price) : `${formatNumber(l.price)} ${l.currency}`;
}

/** The facts of a listing as "label: value" lines, the ones it has. */
export function listingFacts(l: NotifiedListing): [string, string][] {
  const facts: [string, string | undefined][] = [
    ['Цена', priceText(l)],
    ['Год', l.year ? String(l.year) : undefined],
    ['Пробег', l.mileage !== null ? `${formatNumber(l.mileage)} км` : undefined],
    ['Город', l.city?.trim() || undefined],
  ];
  return facts.filter((f): f is [string, string] => f[1] !== undefined);
}

export const notifyMessages = {
  openPost: 'Открыть объявление',
  openPostNumbered: (n: number, title: string) => `${n}. ${title}`,
  pauseFilter: 'Приостановить фильтр',
  pauseFilterNamed: (name: string) => `Приостановить «${name}»`,
  /** One listing: a photo caption or a message (HTML parse mode). */
  telegramOne(l: NotifiedListing): string {
    const lines = listingFacts(l).map(([k, v]) => `${k}: ${escapeHtml(v)}`);
    return [
      `🔔 Новое объявление по фильтру «${escapeHtml(l.filterName)}»`,
      '',
      `<b>${escapeHtml(l.title)}</b>`,
      ...lines,
    ].join('\n');
  },
  /** Several listings held for working hours, in one message. */
  telegramGroup(ls: NotifiedListing[]): string {
    const items = ls.map((l, i) => {
      const facts = listingFacts(l)
        .map(([, v]) => escapeHtml(v))
        .join(', ');
      return `${i + 1}. <b>${escapeHtml(l.title)}</b>${facts ? ` — ${facts}` : ''} (фильтр «${escapeHtml(l.filterName)}»)`;
    });
    return [`🔔 Новые объявления по вашим фильтрам: ${ls.length}`, '', ...items].join('\n');
  },
  emailSubject: (l: NotifiedListing) => `Новое объявление по фильтру «${l.filterName}»: ${l.title}`,
  emailSubjectGroup: (n: number) => `Новые объявления по вашим фильтрам: ${n}`,
  emailIntro: 'Появилось объявление, подходящее под ваш сохранённый фильтр.',
  emailOpen: 'Открыть объявление',
  emailUnsubscribe: 'Отписаться от уведомлений по этому фильтру',
  emailFooter: (appName: string) =>
    `Вы получили это письмо, потому что включили уведомления о новых объявлениях в ${appName}.`,
  unsubscribed: (name: string) =>
    `Уведомления по фильтру «${name}» приостановлены. Включить их снова можно в приложении.`,
  unsubscribeInvalid: 'Ссылка для отписки недействительна или устарела.',
} as const;
