import { describe, expect, it } from 'vitest';
import { validateInspectionForm, validateSupportForm } from './validate-support-form';

describe('validateSupportForm', () => {
  it("requires the message with 'Поле обязательно для заполнения'", () => {
    expect(validateSupportForm({ message: '' }).errors).toEqual({ message: 'Поле обязательно для заполнения' });
    expect(validateSupportForm({ message: '   ' }).valid).toBe(false);
    expect(validateSupportForm({}).valid).toBe(false);
  });

  it('keeps contacts optional and the 500 counter advisory', () => {
    expect(validateSupportForm({ message: 'Не работает поиск', contacts: '' }).valid).toBe(true);
    expect(validateSupportForm({ message: 'x'.repeat(501) }).valid).toBe(true);
  });
});

describe('validateInspectionForm', () => {
  it('requires the contact and keeps the comment optional', () => {
    expect(validateInspectionForm({ contacts: ' ', message: 'Осмотр в субботу' }).errors).toEqual({
      contacts: 'Поле обязательно для заполнения',
    });
    expect(validateInspectionForm({ contacts: '+7 999 123-45-67' }).valid).toBe(true);
    expect(validateInspectionForm({ contacts: '@ivan', message: 'x'.repeat(600) }).valid).toBe(true);
  });
});
