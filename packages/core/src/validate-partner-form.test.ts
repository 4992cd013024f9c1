import { describe, expect, it } from 'vitest';
import { isValidUrl, validatePartnerForm } from './validate-partner-form';

const form = { title: 'Автотека', url: 'https://example.ru/reports', logo: 'https://cdn.example.ru/logo.png' };

describe('validatePartnerForm', () => {
  it('accepts a complete form in both modes', () => {
    expect(validatePartnerForm(form, 'create').valid).toBe(true);
    expect(validatePartnerForm(form, 'edit').valid).toBe(true);
  });

  it('uses the spec messages', () => {
    expect(validatePartnerForm({ title: ' ', url: '', logo: null }, 'edit').errors).toEqual({
      title: 'Название обязательно',
      url: 'Ссылка обязательна',
      logo: 'Логотип обязателен',
    });
    expect(validatePartnerForm({ ...form, url: 'example' }, 'create').errors).toEqual({ url: 'Некорректный URL' });
  });

  it('requires the logo only when editing', () => {
    expect(validatePartnerForm({ ...form, logo: undefined }, 'create').valid).toBe(true);
    expect(validatePartnerForm({ ...form, logo: '' }, 'edit').valid).toBe(false);
    expect(validatePartnerForm({ ...form, logo: { name: 'logo.png' } }, 'edit').valid).toBe(true);
  });
});

describe('isValidUrl', () => {
  it.each([
    ['https://example.ru', true],
    ['http://example.ru/path?x=1#top', true],
    ['https://sub.example.co.uk:8443/a', true],
    ['https://пример.рф', true],
    ['http://localhost:3000', true],
    ['http://127.0.0.1/x', true],
    ['example.ru', false],
    ['ftp://example.ru', false],
    ['https://', false],
    ['https://example', false],
    ['https://exa mple.ru', false],
    ['javascript:alert(1)', false],
  ])('%s -> %s', (url, expected) => {
    expect(isValidUrl(url)).toBe(expected);
  });
});
