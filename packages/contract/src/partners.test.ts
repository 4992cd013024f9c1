import { describe, expect, it } from 'vitest';
import { parseWithContract } from './errors';
import { sampleOrder, sampleOrderParts, samplePartner, samplePrompt } from './fixtures';
import {
  CreateOrderRequestSchema,
  CreatePartnerRequestSchema,
  OrderDetailResponseSchema,
  OrderSchema,
  PartnerSchema,
  PromptSchema,
  SavePromptRequestSchema,
  UpdatePartnerRequestSchema,
} from './partners';

const errorsOf = (schema: Parameters<typeof parseWithContract>[0], value: unknown) => {
  const result = parseWithContract(schema, value);
  return result.success ? {} : result.error.errors;
};
const logo = new File([new Uint8Array([1])], 'logo.png', { type: 'image/png' });

describe('partner entities', () => {
  it('accept spec-shaped samples', () => {
    expect(PartnerSchema.parse(samplePartner)).toEqual(samplePartner);
    expect(PromptSchema.parse(samplePrompt)).toEqual(samplePrompt);
    expect(OrderSchema.parse(sampleOrder)).toEqual(sampleOrder);
    expect(OrderDetailResponseSchema.safeParse({ order: sampleOrder, parts: sampleOrderParts }).success).toBe(true);
  });

  it('accept a new order with no results yet and partial sections', () => {
    expect(OrderSchema.safeParse({ ...sampleOrder, status: 'new', result: {} }).success).toBe(true);
    expect(
      OrderSchema.safeParse({
        ...sampleOrder,
        status: 'processing',
        result: { osago: { status: 'processing', value: null } },
      }).success,
    ).toBe(true);
  });

  it('reject unknown statuses and section keys', () => {
    expect(OrderSchema.safeParse({ ...sampleOrder, status: 'done' }).success).toBe(false);
    expect(
      OrderDetailResponseSchema.safeParse({ order: sampleOrder, parts: [{ id: 1, key: 'fines', title: 'Штрафы' }] })
        .success,
    ).toBe(false);
    expect(OrderSchema.safeParse({ ...sampleOrder, result: { baseInfo: { status: 'ok', value: null } } }).success).toBe(
      false,
    );
  });
});

describe('partner form', () => {
  const form = { title: 'Автоистория', url: 'https://reports.example.ru', description: 'Отчёты по VIN' };

  it('creates without a logo and with one', () => {
    expect(errorsOf(CreatePartnerRequestSchema, form)).toEqual({});
    expect(errorsOf(CreatePartnerRequestSchema, { ...form, logo })).toEqual({});
  });

  it('uses the spec messages', () => {
    expect(errorsOf(CreatePartnerRequestSchema, { title: ' ', url: '' })).toEqual({
      title: ['Название обязательно'],
      url: ['Ссылка обязательна'],
    });
    expect(errorsOf(CreatePartnerRequestSchema, {})).toEqual({
      title: ['Название обязательно'],
      url: ['Ссылка обязательна'],
    });
    expect(errorsOf(CreatePartnerRequestSchema, { ...form, url: 'reports' })).toEqual({ url: ['Некорректный URL'] });
  });

  it('requires the logo when editing, as a file or the stored address', () => {
    expect(errorsOf(UpdatePartnerRequestSchema, { ...form, _method: 'PUT' })).toEqual({ logo: ['Логотип обязателен'] });
    expect(errorsOf(UpdatePartnerRequestSchema, { ...form, _method: 'PUT', logo })).toEqual({});
    expect(errorsOf(UpdatePartnerRequestSchema, { ...form, _method: 'PUT', logo: '/media/partners/2.png' })).toEqual(
      {},
    );
    expect(UpdatePartnerRequestSchema.safeParse({ ...form, _method: 'PATCH', logo }).success).toBe(false);
  });

  it('rejects logos that are not images', () => {
    const pdf = new File([new Uint8Array([1])], 'logo.pdf', { type: 'application/pdf' });
    expect(errorsOf(CreatePartnerRequestSchema, { ...form, logo: pdf })).toEqual({
      logo: ['Допустимы только изображения JPEG, PNG, GIF и WebP'],
    });
  });
});

describe('prompt form', () => {
  it('requires key, title and text', () => {
    expect(errorsOf(SavePromptRequestSchema, { key: 'summary', title: 'Итог', text: 'Опиши', position: 1 })).toEqual(
      {},
    );
    expect(errorsOf(SavePromptRequestSchema, { key: '', title: ' ', text: 'x' })).toEqual({
      key: ['Обязательное поле'],
      title: ['Обязательное поле'],
    });
    expect(errorsOf(SavePromptRequestSchema, {})).toEqual({
      key: ['Обязательное поле'],
      title: ['Обязательное поле'],
      text: ['Обязательное поле'],
    });
    expect(errorsOf(SavePromptRequestSchema, { key: 'k', title: 't', text: 'x', position: -1 })).toEqual({
      position: ['Не меньше 0'],
    });
  });
});

describe('order form', () => {
  it('checks the VIN', () => {
    expect(errorsOf(CreateOrderRequestSchema, { string: 'XTA21703080123456', partner_id: 2 })).toEqual({});
    expect(errorsOf(CreateOrderRequestSchema, { string: 'xta 21703080123456', partner_id: 2 })).toEqual({});
    expect(errorsOf(CreateOrderRequestSchema, { string: 'XTA2170308012345O', partner_id: 2 })).toEqual({
      string: ['Некорректный VIN'],
    });
    expect(errorsOf(CreateOrderRequestSchema, { string: '', partner_id: 2 })).toEqual({
      string: ['Обязательное поле'],
    });
    expect(errorsOf(CreateOrderRequestSchema, { partner_id: 2 })).toEqual({ string: ['Обязательное поле'] });
  });
});
