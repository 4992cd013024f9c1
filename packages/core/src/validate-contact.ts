import { CONTACT_TYPES, type ContactType } from './constants';
import { MESSAGES } from './messages';

const PHONE = /^\+?\d{10,15}$/;
const PHONE_DECORATION = /[\s()-]/g;
const TELEGRAM_USERNAME = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/;
const TELEGRAM_LINK = /^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/[A-Za-z][A-Za-z0-9_]{4,31}\/?$/i;
const WHATSAPP_LINK = /^(?:https?:\/\/)?wa\.me\/\d{10,15}\/?$/i;
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[^\s@.]{2,}$/;
const VK_LINK = /^(?:https?:\/\/)?(?:m\.)?vk\.(?:com|ru)\/[A-Za-z0-9_.]{2,32}\/?$/i;
const VK_SCREEN_NAME = /^@?[A-Za-z0-9_.]{2,32}$/;

export function isContactType(value: string): value is ContactType {
  return (CONTACT_TYPES as readonly string[]).includes(value);
}

/** Accepts +7 999 123-45-67, 8 (999) 123 45 67 and international numbers of 10 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value.replace(PHONE_DECORATION, ''));
}

const checks: Record<ContactType, { test: (value: string) => boolean; message: string }> = {
  phone: { test: isPhoneNumber, message: MESSAGES.invalidPhone },
  // A Telegram contact may be given as @name, a t.me link or the phone number the account uses.
  telegram: {
    test: (v) => TELEGRAM_USERNAME.test(v) || TELEGRAM_LINK.test(v) || isPhoneNumber(v),
    message: MESSAGES.invalidTelegram,
  },
  whatsapp: { test: (v) => isPhoneNumber(v) || WHATSAPP_LINK.test(v), message: MESSAGES.invalidWhatsapp },
  email: { test: (v) => EMAIL.test(v), message: MESSAGES.invalidEmail },
  vk: { test: (v) => VK_LINK.test(v) || VK_SCREEN_NAME.test(v), message: MESSAGES.invalidVk },
};

/**
 * Checks one contact; an empty value is not an error here (a draft may keep empty rows), the publish rule asks for
 * at least one filled contact instead. Returns the message or null.
 */
export function validateContact(type: string, value: string | null | undefined): string | null {
  if (!isContactType(type)) return MESSAGES.invalidContactType;
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return null;
  const check = checks[type];
  return check.test(trimmed) ? null : check.message;
}

export function hasFilledContact(contacts: readonly { value?: string | null }[] | null | undefined): boolean {
  return (contacts ?? []).some((contact) => (contact.value ?? '').trim() !== '');
}
