import { describe, expect, it } from 'vitest';
import {
  describeListingError,
  describePartnerSaveError,
  describePaymentError,
  describeSignInError,
  describeSubmitError,
  joinValidationErrors,
} from './describe-api-error';

const invalid = {
  kind: 'response' as const,
  status: 422,
  body: {
    message: 'Проверьте правильность заполнения полей',
    errors: { year: ['Некорректный год'], city: ['Обязательное поле'] },
  },
};
const serverDown = { kind: 'response' as const, status: 500, body: { message: 'База недоступна' } };

describe('describeListingError', () => {
  it('joins 422 messages by lines', () => {
    expect(describeListingError(invalid)).toBe('Некорректный год\nОбязательное поле');
  });

  it("shows other responses as 'Ошибка сервера: …'", () => {
    expect(describeListingError(serverDown)).toBe('Ошибка сервера: База недоступна');
    expect(describeListingError({ kind: 'response', status: 502 })).toBe('Ошибка сервера: 502');
  });

  it('explains a missing response and anything else', () => {
    expect(describeListingError({ kind: 'network' })).toBe('Проблемы с соединением. Проверьте интернет');
    expect(describeListingError({ kind: 'unknown', message: 'boom' })).toBe('Ошибка: boom');
    expect(describeListingError({ kind: 'unknown' })).toBe('Ошибка: Неизвестная ошибка');
  });
});

describe('describePartnerSaveError', () => {
  it('prefers 422 field messages, then the message, then the fallback', () => {
    expect(describePartnerSaveError(invalid)).toBe('Некорректный год\nОбязательное поле');
    expect(describePartnerSaveError(serverDown)).toBe('База недоступна');
    expect(describePartnerSaveError({ kind: 'network' })).toBe('Ошибка сохранения данных');
  });
});

describe('describePaymentError', () => {
  it('joins message and errors, else the generic text', () => {
    expect(describePaymentError(invalid)).toBe(
      'Проверьте правильность заполнения полей\nНекорректный год\nОбязательное поле',
    );
    expect(describePaymentError({ kind: 'network' })).toBe('Не удалось перейти к оплате');
  });
});

describe('describeSubmitError', () => {
  it("uses the server's message, else 'Ошибка при отправке формы'", () => {
    expect(describeSubmitError(serverDown)).toBe('База недоступна');
    expect(describeSubmitError({ kind: 'response', status: 500, body: { message: ' ' } })).toBe(
      'Ошибка при отправке формы',
    );
    expect(describeSubmitError({ kind: 'network' })).toBe('Ошибка при отправке формы');
  });
});

describe('describeSignInError', () => {
  it('reads error, then message, then the unknown-error text', () => {
    expect(
      describeSignInError({ kind: 'response', status: 401, body: { error: 'Подпись устарела', message: 'x' } }),
    ).toBe('Подпись устарела');
    expect(describeSignInError({ kind: 'response', status: 401, body: { message: 'Нет доступа' } })).toBe(
      'Нет доступа',
    );
    expect(describeSignInError({ kind: 'network' })).toBe('Неизвестная ошибка');
  });
});

describe('joinValidationErrors', () => {
  it('flattens all messages', () => {
    expect(joinValidationErrors({ a: ['1', '2'], b: ['3'] })).toBe('1\n2\n3');
    expect(joinValidationErrors(undefined)).toBe('');
  });
});
