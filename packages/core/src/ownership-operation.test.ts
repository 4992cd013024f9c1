import { describe, expect, it } from 'vitest';
import { OWNERSHIP_OPERATION_CODES } from './constants';
import { getOwnershipOperationLabel, isOwnershipOperationCode } from './ownership-operation';

describe('getOwnershipOperationLabel', () => {
  it.each([
    ['01', 'Первичная регистрация'],
    ['03', 'Снятие с учёта'],
    ['12', 'Перерегистрация'],
    ['62', 'Смена владельца'],
    ['69', 'Временная регистрация'],
    ['1', 'Первичная регистрация'],
    [' 62 ', 'Смена владельца'],
    ['99', 'Операция 99'],
  ])('%s -> %s', (code, label) => {
    expect(getOwnershipOperationLabel(code)).toBe(label);
  });

  it('knows exactly the five codes of the spec', () => {
    expect(OWNERSHIP_OPERATION_CODES).toEqual(['01', '03', '12', '62', '69']);
    expect(isOwnershipOperationCode('62')).toBe(true);
    expect(isOwnershipOperationCode('02')).toBe(false);
  });
});
