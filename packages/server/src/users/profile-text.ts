import { hasForbiddenChars, URL_MAX_LENGTH } from '@autoradar/core';
import { EMAIL_MAX_LENGTH, foreignTextSchema, NAME_MAX_LENGTH } from '@autoradar/contract';

// Names come from Telegram (initData, the Login Widget) and Yandex ID, which we cannot refuse: a NUL in a first name
// would make PostgreSQL refuse the whole sign-in. The contract's foreignTextSchema strips forbidden characters,
// trims and caps; what is left empty is no name.

// The users columns are `text`, so the caps are ours, the contract's (the user answer states them): NAME_MAX_LENGTH,
// far above Telegram's limits (64 for names, 32 for a username), and EMAIL_MAX_LENGTH.

const nameText = foreignTextSchema({ max: NAME_MAX_LENGTH });

export function cleanProfileName(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const parsed = nameText.safeParse(value);
  return parsed.success && parsed.data !== '' ? parsed.data : null;
}

/** A URL or an e-mail is not cut: one with forbidden characters or too long is dropped whole. */
function wholeOrNothing(value: string | null | undefined, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text !== '' && text.length <= max && !hasForbiddenChars(text) ? text : null;
}

export interface ProfileFields {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
}

export const cleanEmail = (value: string | null | undefined) => wholeOrNothing(value, EMAIL_MAX_LENGTH);

/** A profile as Telegram or Yandex sent it, made fit for the users table. */
export function cleanProfile(profile: ProfileFields): ProfileFields {
  return {
    firstName: cleanProfileName(profile.firstName),
    lastName: cleanProfileName(profile.lastName),
    username: cleanProfileName(profile.username),
    photoUrl: wholeOrNothing(profile.photoUrl, URL_MAX_LENGTH),
  };
}
