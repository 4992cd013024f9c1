/** A legal page's section: paragraphs, and bulleted lists given as arrays; rendered by DocumentView. */
export interface DocumentSection {
  title: string;
  blocks: readonly (string | readonly string[])[];
}

export interface LegalDocument {
  title: string;
  /** The date of this edition, as shown ('25 ноября 2026 г.'). */
  edition: string;
  intro: readonly string[];
  sections: readonly DocumentSection[];
}

/** Who runs the service and how to reach them, from the server's configuration. */
export interface OperatorDetails {
  appName: string;
  operatorName: string;
  /** The site's address, e.g. https://autoradar.ru. */
  site: string;
  supportTelegram?: string | undefined;
  supportEmail?: string | undefined;
}

/** Every way to reach support, in words: the form always, the messenger and mail when configured. */
export function supportChannels({ supportTelegram, supportEmail }: OperatorDetails): string {
  const ways = ['через форму «Поддержка» в меню сервиса'];
  if (supportTelegram) ways.push(`в Telegram @${supportTelegram}`);
  if (supportEmail) ways.push(`по электронной почте ${supportEmail}`);
  return ways.length === 1 ? ways[0]! : `${ways.slice(0, -1).join(', ')} или ${ways.at(-1)!}`;
}
