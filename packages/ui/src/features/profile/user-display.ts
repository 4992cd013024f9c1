import type { User } from '@autoradar/contract';
import { DEFAULT_TIME_ZONE } from '@autoradar/core';

type Names = Pick<User, 'name' | 'first_name' | 'last_name' | 'username'>;

/** Up to two letters for the avatar: first letters of the first two words ('Иван Петров' -> 'ИП'). */
export function initialsOf(user: Names): string {
  const source =
    [user.first_name, user.last_name].filter((p) => p?.trim()).join(' ') || user.name || user.username || '';
  const letters = source
    .replace(/^@/, '')
    .split(/[\s_.-]+/)
    .map((word) => [...word].find((char) => /\p{L}|\p{N}/u.test(char)))
    .filter((char): char is string => Boolean(char))
    .slice(0, 2)
    .join('')
    .toLocaleUpperCase('ru-RU');
  return letters || '?';
}

// Telegram's own seven avatar colours, picked by the account id so a user keeps theirs.
const AVATAR_COLOURS = ['#e17076', '#faa774', '#a695e7', '#7bc862', '#6ec9cb', '#65aadd', '#ee7aae'] as const;

export function avatarColour(id: number): string {
  return AVATAR_COLOURS[Math.abs(id) % AVATAR_COLOURS.length]!;
}

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DEFAULT_TIME_ZONE,
});

/** '15 июля 2026 г. в 15:00' (Moscow time, as every date of the product). */
export function formatUntil(date: string): string {
  return dateTime.format(new Date(date));
}
