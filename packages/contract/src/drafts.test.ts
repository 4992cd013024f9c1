import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DraftSchema,
  PublishDraftRequestSchema,
  UpdateDraftRequestSchema,
  UploadDraftMediaRequestSchema,
  type PublishDraftRequest,
} from './drafts';
import { parseWithContract } from './errors';
import { sampleDraft } from './fixtures';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const form: PublishDraftRequest = {
  year: 2018,
  mileage: 87_000,
  price: 2_350_000,
  city: 'Казань',
  description: 'Один владелец',
  contacts: [
    { id: 1, type: 'phone', value: '+7 999 123-45-67' },
    { type: 'telegram', value: '' },
  ],
  media: [{ id: 1, main: true }],
  brand_id: 1,
  model_id: 10,
  generation_id: null,
  configuration_id: null,
};
const errorsOf = (schema: typeof PublishDraftRequestSchema, body: unknown) => {
  const result = parseWithContract(schema, body);
  return result.success ? {} : result.error.errors;
};

describe('DraftSchema', () => {
  it('accepts a spec-shaped draft', () => {
    expect(DraftSchema.parse(sampleDraft)).toEqual(sampleDraft);
    expect(DraftSchema.safeParse({ ...sampleDraft, contacts: [{ id: 1, type: 'fax', value: '1' }] }).success).toBe(
      false,
    );
  });
});

describe('UpdateDraftRequestSchema', () => {
  it('saves a partial form', () => {
    expect(errorsOf(UpdateDraftRequestSchema, {})).toEqual({});
    expect(errorsOf(UpdateDraftRequestSchema, { year: null, city: '' })).toEqual({});
  });

  it('checks what is filled in, with core messages', () => {
    expect(errorsOf(UpdateDraftRequestSchema, { year: 1899, mileage: 0, city: 'а'.repeat(51) })).toEqual({
      year: ['Некорректный год'],
      mileage: ['Значение должно быть больше 0'],
      city: ['Не более 50 символов'],
    });
    expect(errorsOf(UpdateDraftRequestSchema, { contacts: [{ type: 'email', value: 'ivan@' }] })).toEqual({
      'contacts.0.value': ['Некорректный e-mail'],
    });
    expect(errorsOf(UpdateDraftRequestSchema, { contacts: [{ type: 'fax', value: '1' }] })).toEqual({
      'contacts.0.type': ['Неизвестный тип контакта'],
    });
  });
});

describe('the VIN of a draft (issue 33)', () => {
  it('is optional: absent, null or empty saves and publishes', () => {
    expect(errorsOf(UpdateDraftRequestSchema, { vin: null })).toEqual({});
    expect(errorsOf(UpdateDraftRequestSchema, { vin: '' })).toEqual({});
    expect(errorsOf(PublishDraftRequestSchema, { ...form, vin: '' })).toEqual({});
  });

  it('takes a VIN as typed (lower case, spaces) and refuses anything else in Russian', () => {
    expect(errorsOf(UpdateDraftRequestSchema, { vin: 'xta 210990y2765437' })).toEqual({});
    expect(errorsOf(PublishDraftRequestSchema, { ...form, vin: 'XTA210990Y2765437' })).toEqual({});
    expect(errorsOf(UpdateDraftRequestSchema, { vin: 'XTA210990O2765437' })).toEqual({ vin: ['Некорректный VIN'] });
    expect(errorsOf(PublishDraftRequestSchema, { ...form, vin: '12345' })).toEqual({ vin: ['Некорректный VIN'] });
    expect(errorsOf(UpdateDraftRequestSchema, { vin: 'X'.repeat(40) })).toMatchObject({
      vin: expect.arrayContaining(['Не более 34 символов']) as unknown,
    });
  });
});

describe('PublishDraftRequestSchema', () => {
  it('accepts a complete form', () => {
    expect(errorsOf(PublishDraftRequestSchema, form)).toEqual({});
  });

  it('lists every missing field', () => {
    expect(errorsOf(PublishDraftRequestSchema, {})).toEqual({
      year: ['Обязательное поле'],
      mileage: ['Обязательное поле'],
      price: ['Обязательное поле'],
      city: ['Обязательное поле'],
      brand_id: ['Обязательное поле'],
      model_id: ['Обязательное поле'],
      contacts: ['Укажите хотя бы один контакт'],
    });
  });

  it.each([
    [{ year: 1899 }, { year: ['Некорректный год'] }],
    [{ year: 1900 }, {}],
    [{ year: 2025 }, {}],
    [{ year: 2026 }, { year: ['Некорректный год'] }],
    [{ price: 0 }, { price: ['Значение должно быть больше 0'] }],
    [{ price: 1 }, {}],
    [{ mileage: -1 }, { mileage: ['Значение должно быть больше 0'] }],
    [{ city: '   ' }, { city: ['Обязательное поле'] }],
    [{ description: 'x'.repeat(500) }, {}],
    [{ description: 'x'.repeat(501) }, { description: ['Не более 500 символов'] }],
    [{ contacts: [{ type: 'phone', value: ' ' }] }, { contacts: ['Укажите хотя бы один контакт'] }],
    [{ contacts: [{ type: 'phone', value: '123' }] }, { 'contacts.0.value': ['Некорректный номер телефона'] }],
    [{ year: '2018' }, { year: ['Некорректное значение'] }],
  ])('%j -> %j', (change, errors) => {
    expect(errorsOf(PublishDraftRequestSchema, { ...form, ...change })).toEqual(errors);
  });
});

describe('UploadDraftMediaRequestSchema', () => {
  const file = (type: string) => new File([new Uint8Array([1, 2, 3])], 'photo', { type });

  it('accepts jpeg, png, gif and webp', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(UploadDraftMediaRequestSchema.safeParse({ file: file(type), draft_id: '9' }).success, type).toBe(true);
    }
  });

  it('rejects other files and missing parts', () => {
    expect(parseWithContract(UploadDraftMediaRequestSchema, { file: file('image/heic'), draft_id: '9' })).toMatchObject(
      {
        error: { errors: { file: ['Допустимы только изображения JPEG, PNG, GIF и WebP'] } },
      },
    );
    expect(parseWithContract(UploadDraftMediaRequestSchema, { draft_id: 'x' })).toMatchObject({
      error: { errors: { file: ['Обязательное поле'], draft_id: ['Некорректный идентификатор'] } },
    });
  });
});
