import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorSchema, fieldErrorsToErrorBody, parseWithContract, ruErrorMap, toErrorBody } from './errors';

describe('ErrorSchema', () => {
  it('accepts a message with optional field errors', () => {
    expect(ErrorSchema.safeParse({ message: 'Не найдено' }).success).toBe(true);
    expect(ErrorSchema.safeParse({ message: 'x', errors: { year: ['Некорректный год'] } }).success).toBe(true);
    expect(ErrorSchema.safeParse({ errors: {} }).success).toBe(false);
    expect(ErrorSchema.safeParse({ message: 'x', errors: { year: 'Некорректный год' } }).success).toBe(false);
  });
});

describe('parseWithContract', () => {
  const schema = z.object({
    name: z.string(),
    count: z.number(),
    email: z.email(),
    when: z.iso.datetime(),
    note: z.string().max(3),
    nested: z.object({ items: z.array(z.object({ value: z.string().min(1) })) }),
  });

  it('answers with the envelope and Russian messages', () => {
    const result = parseWithContract(schema, {
      count: 'x',
      email: 'nope',
      when: 'yesterday',
      note: 'long',
      nested: { items: [{ value: '' }] },
    });
    expect(result).toEqual({
      success: false,
      error: {
        message: 'Проверьте правильность заполнения полей',
        errors: {
          name: ['Обязательное поле'],
          count: ['Некорректное значение'],
          email: ['Некорректный e-mail'],
          when: ['Некорректная дата'],
          note: ['Не более 3 символов'],
          'nested.items.0.value': ['Обязательное поле'],
        },
      },
    });
  });

  it('returns the data when valid', () => {
    const data = {
      name: 'a',
      count: 1,
      email: 'a@b.ru',
      when: '2025-01-01T00:00:00Z',
      note: 'ok',
      nested: { items: [] },
    };
    expect(parseWithContract(schema, data)).toEqual({ success: true, data });
  });

  it('keeps messages a schema sets itself', () => {
    const own = z.object({ a: z.string({ error: 'Своё' }) });
    expect(parseWithContract(own, {})).toMatchObject({ error: { errors: { a: ['Своё'] } } });
  });

  it('maps other issues to a generic Russian message', () => {
    expect(parseWithContract(z.enum(['a']), 'b')).toMatchObject({
      error: { errors: { '': ['Некорректное значение'] } },
    });
    expect(ruErrorMap).toBeTypeOf('function');
  });
});

describe('toErrorBody / fieldErrorsToErrorBody', () => {
  it('groups messages by dotted path', () => {
    expect(
      toErrorBody([
        { code: 'custom', message: 'a', path: ['x', 0], input: undefined },
        { code: 'custom', message: 'b', path: ['x', 0], input: undefined },
      ]),
    ).toEqual({ message: 'Проверьте правильность заполнения полей', errors: { 'x.0': ['a', 'b'] } });
    expect(fieldErrorsToErrorBody({ year: 'Некорректный год' })).toEqual({
      message: 'Проверьте правильность заполнения полей',
      errors: { year: ['Некорректный год'] },
    });
  });
});
