import { describe, expect, it } from 'vitest';
import { parseWithContract } from './errors';
import { sampleSupportRequest } from './fixtures';
import { OrderInspectionRequestSchema, SendSupportRequestSchema, TicketResponseSchema, TicketSchema } from './support';

const errorsOf = (schema: typeof SendSupportRequestSchema | typeof OrderInspectionRequestSchema, value: unknown) => {
  const result = parseWithContract(schema, value);
  return result.success ? {} : result.error.errors;
};

describe('SendSupportRequestSchema', () => {
  it('accepts the support dialog payload, contacts optional', () => {
    expect(errorsOf(SendSupportRequestSchema, sampleSupportRequest)).toEqual({});
    expect(errorsOf(SendSupportRequestSchema, { ...sampleSupportRequest, contacts: undefined })).toEqual({});
    expect(errorsOf(SendSupportRequestSchema, { ...sampleSupportRequest, message: 'x'.repeat(800) })).toEqual({});
    expect(TicketSchema.safeParse(sampleSupportRequest).success).toBe(true);
  });

  it("requires the message with 'Поле обязательно для заполнения'", () => {
    expect(errorsOf(SendSupportRequestSchema, { ...sampleSupportRequest, message: '  ' })).toEqual({
      message: ['Поле обязательно для заполнения'],
    });
    expect(errorsOf(SendSupportRequestSchema, { ...sampleSupportRequest, message: undefined })).toEqual({
      message: ['Поле обязательно для заполнения'],
    });
  });

  it('checks the client ticket number', () => {
    expect(errorsOf(SendSupportRequestSchema, { ...sampleSupportRequest, ticket: '42' })).toEqual({
      ticket: ['Некорректный номер заявки'],
    });
  });
});

describe('OrderInspectionRequestSchema', () => {
  const inspection = {
    contacts: '+7 999 123-45-67',
    message: 'Посмотреть в субботу',
    ticket: '15625-123',
    url: '/posts/42',
  };

  it('requires the contact and keeps the comment optional', () => {
    expect(errorsOf(OrderInspectionRequestSchema, inspection)).toEqual({});
    expect(errorsOf(OrderInspectionRequestSchema, { ...inspection, message: undefined })).toEqual({});
    expect(errorsOf(OrderInspectionRequestSchema, { ...inspection, contacts: ' ' })).toEqual({
      contacts: ['Поле обязательно для заполнения'],
    });
    expect(errorsOf(OrderInspectionRequestSchema, { ...inspection, contacts: undefined })).toEqual({
      contacts: ['Поле обязательно для заполнения'],
    });
  });
});

describe('TicketResponseSchema', () => {
  it('carries the server ticket', () => {
    expect(TicketResponseSchema.safeParse({ ticket: '15625-777' }).success).toBe(true);
    expect(TicketResponseSchema.safeParse({}).success).toBe(false);
  });
});
