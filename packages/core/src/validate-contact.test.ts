import { describe, expect, it } from 'vitest';
import { CONTACT_TYPES } from './constants';
import { MESSAGES } from './messages';
import { hasFilledContact, isContactType, isPhoneNumber, validateContact } from './validate-contact';

describe('validateContact', () => {
  it.each([
    ['phone', '+7 999 123-45-67', null],
    ['phone', '8 (999) 123 45 67', null],
    ['phone', '89991234567', null],
    ['phone', '12345', MESSAGES.invalidPhone],
    ['phone', 'звоните', MESSAGES.invalidPhone],
    ['phone', '+7 999 123-45-67-89-01-2', MESSAGES.invalidPhone],
    ['telegram', '@ivan_petrov', null],
    ['telegram', 'ivan_petrov', null],
    ['telegram', 'https://t.me/ivan_petrov', null],
    ['telegram', 't.me/ivan_petrov', null],
    ['telegram', '+79991234567', null],
    ['telegram', '@ab', MESSAGES.invalidTelegram],
    ['telegram', '@1ivan', MESSAGES.invalidTelegram],
    ['whatsapp', '+7 999 123 45 67', null],
    ['whatsapp', 'https://wa.me/79991234567', null],
    ['whatsapp', '@ivan', MESSAGES.invalidWhatsapp],
    ['email', 'ivan@example.ru', null],
    ['email', 'ivan.petrov+cars@mail.example.com', null],
    ['email', 'ivan@example', MESSAGES.invalidEmail],
    ['email', 'ivan example.ru', MESSAGES.invalidEmail],
    ['vk', 'https://vk.com/ivan.petrov', null],
    ['vk', 'vk.com/id123456', null],
    ['vk', 'https://m.vk.ru/club42', null],
    ['vk', 'id123456', null],
    ['vk', 'https://example.com/ivan', MESSAGES.invalidVk],
  ])('%s %s -> %s', (type, value, expected) => {
    expect(validateContact(type, value)).toBe(expected);
  });

  it('treats an empty value as not an error', () => {
    for (const type of CONTACT_TYPES) {
      expect(validateContact(type, '')).toBeNull();
      expect(validateContact(type, '   ')).toBeNull();
      expect(validateContact(type, null)).toBeNull();
    }
  });

  it('rejects an unknown type', () => {
    expect(validateContact('fax', '123')).toBe(MESSAGES.invalidContactType);
    expect(isContactType('fax')).toBe(false);
    expect(isContactType('vk')).toBe(true);
  });

  it('knows the five contact types of the spec', () => {
    expect(CONTACT_TYPES).toEqual(['phone', 'telegram', 'whatsapp', 'email', 'vk']);
  });
});

describe('isPhoneNumber', () => {
  it('counts 10 to 15 digits', () => {
    expect(isPhoneNumber('999 123 45 6')).toBe(false);
    expect(isPhoneNumber('9991234567')).toBe(true);
    expect(isPhoneNumber('+123456789012345')).toBe(true);
    expect(isPhoneNumber('+1234567890123456')).toBe(false);
  });
});

describe('hasFilledContact', () => {
  it('needs one non-blank value', () => {
    expect(hasFilledContact(undefined)).toBe(false);
    expect(hasFilledContact([])).toBe(false);
    expect(hasFilledContact([{ value: ' ' }, { value: null }])).toBe(false);
    expect(hasFilledContact([{ value: ' ' }, { value: '@ivan_petrov' }])).toBe(true);
  });
});
