import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@autoradar/core';
import { parseWithContract } from './errors';
import {
  foreignTextSchema,
  ID_MAX,
  IdParamSchema,
  IdSchema,
  intSchema,
  ListingPriceSchema,
  parseId,
  parseIdList,
  SerialIdListParamSchema,
  SerialIdParamSchema,
  SerialIdSchema,
  textSchema,
} from './fields';

const messages = (result: ReturnType<typeof parseWithContract>) =>
  result.success ? [] : Object.values(result.error.errors ?? {}).flat();

describe('parseId', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['9007199254740992', null],
    ['9999999999999999999', null],
    ['0', null],
    ['-1', null],
    ['01', null],
    ['1e3', null],
    [' 1', null],
    ['1.0', null],
    ['\u00001', null],
    ['', null],
  ])('%j -> %s (bigserial)', (text, expected) => {
    expect(parseId(text)).toBe(expected);
  });

  it('keeps serial ids within int4', () => {
    expect(parseId('2147483647', 'serial')).toBe(2_147_483_647);
    expect(parseId('2147483648', 'serial')).toBeNull();
    expect(parseId('2147483648')).toBe(2_147_483_648);
  });

  it('reads comma lists only when every item is an id', () => {
    expect(parseIdList('3,1,2', 'serial')).toEqual([3, 1, 2]);
    expect(parseIdList('1,,2')).toBeNull();
    expect(parseIdList('1,2147483648', 'serial')).toBeNull();
  });
});

describe('id schemas', () => {
  it('refuse ids past their column in bodies, paths and lists', () => {
    expect(IdSchema.safeParse(ID_MAX.bigserial).success).toBe(true);
    expect(IdSchema.safeParse(2 ** 53).success).toBe(false);
    expect(SerialIdSchema.safeParse(ID_MAX.serial).success).toBe(true);
    expect(SerialIdSchema.safeParse(ID_MAX.serial + 1).success).toBe(false);
    expect(IdParamSchema.safeParse('9007199254740992').success).toBe(false);
    expect(SerialIdParamSchema.safeParse('2147483648').success).toBe(false);
    expect(SerialIdListParamSchema.safeParse('1,2,3').success).toBe(true);
    expect(SerialIdListParamSchema.safeParse(Array.from({ length: 501 }, (_, i) => i + 1).join(',')).success).toBe(
      false,
    );
    expect(messages(parseWithContract(SerialIdSchema, 0))).toEqual([MESSAGES.invalidId]);
  });
});

describe('textSchema', () => {
  const name = textSchema({ max: 5, required: true });

  it('trims and caps the length after trimming', () => {
    expect(parseWithContract(name, '  Лада\t')).toEqual({ success: true, data: 'Лада' });
    expect(messages(parseWithContract(name, 'абвгде'))).toEqual([MESSAGES.maxLength(5)]);
    expect(messages(parseWithContract(name, '   '))).toEqual([MESSAGES.required]);
  });

  it('refuses control characters but keeps newlines and tabs inside', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u007f', 'a\u0085', 'a\ud800']) {
      expect(messages(parseWithContract(name, bad)), JSON.stringify(bad)).toContain(MESSAGES.forbiddenChars);
    }
    expect(parseWithContract(textSchema({ max: 10 }), 'а\nб\tв')).toEqual({ success: true, data: 'а\nб\tв' });
  });

  it('says "required" for a missing value and "invalid" for a wrong type', () => {
    expect(messages(parseWithContract(name, undefined))).toEqual([MESSAGES.required]);
    expect(messages(parseWithContract(name, 5))).toEqual([MESSAGES.invalidValue]);
    expect(messages(parseWithContract(textSchema({ max: 5, required: 'Введите' }), ''))).toEqual(['Введите']);
  });
});

describe('foreignTextSchema', () => {
  it('drops what textSchema refuses, trims and cuts', () => {
    expect(foreignTextSchema({ max: 4 }).parse(' И\u0000ван\u0007ов ')).toBe('Иван');
    expect(foreignTextSchema({ max: 2 }).parse('a😀b')).toBe('a');
  });
});

describe('intSchema', () => {
  it('gives one message per refusal, the bound before "not whole"', () => {
    expect(messages(parseWithContract(ListingPriceSchema, 9_007_199_254_740_992))).toEqual([
      MESSAGES.maxValue(100_000_000_000),
    ]);
    expect(messages(parseWithContract(ListingPriceSchema, 1e308))).toEqual([MESSAGES.maxValue(100_000_000_000)]);
    expect(messages(parseWithContract(ListingPriceSchema, 0))).toEqual([MESSAGES.mustBePositive]);
    expect(messages(parseWithContract(ListingPriceSchema, 1.5))).toEqual([MESSAGES.invalidValue]);
    expect(messages(parseWithContract(ListingPriceSchema, '100'))).toEqual([MESSAGES.invalidValue]);
  });

  it('exposes its bounds for the column check', () => {
    const schema = intSchema({ min: -3, max: 7 });
    expect([schema.minValue, schema.maxValue]).toEqual([-3, 7]);
  });
});
