/** The Telegram user as the info card shows it, read from initData (the server verifies the same string). */
export interface InitDataUser {
  name: string;
  username: string | undefined;
  photoUrl: string | undefined;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

export function readInitDataUser(initData: string): InitDataUser | undefined {
  let user: unknown;
  try {
    user = JSON.parse(new URLSearchParams(initData).get('user') ?? '');
  } catch {
    return undefined;
  }
  if (typeof user !== 'object' || user === null) return undefined;
  const fields = user as Record<string, unknown>;
  const username = text(fields['username']);
  const name = [text(fields['first_name']), text(fields['last_name'])].filter(Boolean).join(' ') || username || '';
  return { name, username, photoUrl: text(fields['photo_url']) };
}
