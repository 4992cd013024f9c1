import { describe, expect, it } from 'vitest';
import { POSITION_MAX } from './constants';
import { MESSAGES } from './messages';
import { validatePromptForm } from './validate-prompt-form';

describe('validatePromptForm', () => {
  it('requires key, title and text', () => {
    expect(validatePromptForm({}).errors).toEqual({
      key: 'Обязательное поле',
      title: 'Обязательное поле',
      text: 'Обязательное поле',
    });
    expect(validatePromptForm({ key: ' ', title: 'Заголовок', text: 'Текст' }).errors).toEqual({
      key: 'Обязательное поле',
    });
    expect(validatePromptForm({ key: 'summary', title: 'Итог', text: 'Опиши' }).valid).toBe(true);
  });

  it('accepts a whole position from 0', () => {
    const filled = { key: 'k', title: 't', text: 'x' };
    expect(validatePromptForm({ ...filled, position: 0 }).valid).toBe(true);
    expect(validatePromptForm({ ...filled, position: null }).valid).toBe(true);
    expect(validatePromptForm({ ...filled, position: -1 }).errors).toEqual({ position: MESSAGES.minValue(0) });
    expect(validatePromptForm({ ...filled, position: 1.5 }).errors).toEqual({ position: 'Некорректное значение' });
  });

  it('refuses a position past POSITION_MAX, which an int4 column holds', () => {
    const filled = { key: 'k', title: 't', text: 'x' };
    expect(validatePromptForm({ ...filled, position: POSITION_MAX }).valid).toBe(true);
    expect(validatePromptForm({ ...filled, position: 2_147_483_648 }).errors).toEqual({
      position: MESSAGES.maxValue(1_000_000),
    });
    expect(POSITION_MAX).toBeLessThanOrEqual(2_147_483_647);
  });
});
