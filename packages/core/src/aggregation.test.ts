import { describe, expect, it } from 'vitest';
import { contentHash, hammingDistance, isClosePrice, isSameVehicle, normalizePostText } from './aggregation';

describe('contentHash', () => {
  const post = 'Продаю Toyota Camry 2018!\n💰 2 450 000 ₽\n📍 Казань';

  it('is the same for a repost with another signature, link, case and emoji', () => {
    const repost =
      'ПРОДАЮ toyota camry 2018\n2 450 000 ₽ 🔥\nКазань\n\nПодписывайтесь: @avto_kzn https://t.me/avto_kzn';
    expect(contentHash(repost)).toBe(contentHash(post));
  });

  it('differs when a word or a number differs', () => {
    expect(contentHash(post.replace('2018', '2017'))).not.toBe(contentHash(post));
    expect(contentHash(post.replace('Казань', 'Самара'))).not.toBe(contentHash(post));
  });

  it('folds Cyrillic look-alikes, so Х5 and X5 are one text', () => {
    expect(normalizePostText('BMW Х5')).toBe(normalizePostText('bmw x5'));
  });

  it('is null for a post with no words', () => {
    expect(contentHash('🔥🔥🔥')).toBeNull();
    expect(contentHash('  ')).toBeNull();
  });
});

describe('isSameVehicle', () => {
  const base = {
    brand: 'Toyota',
    model: 'Camry',
    year: 2018,
    price: 2_450_000,
    currency: 'RUB',
    photoHashes: ['f0e1d2c3b4a59687'],
  };

  it('merges the same car re-worded with a close price and a near-identical photo', () => {
    expect(
      isSameVehicle(base, { ...base, price: 2_400_000, photoHashes: ['f0e1d2c3b4a59686', '0000000000000000'] }),
    ).toBe(true);
  });

  it('keeps apart cars of another year, a far price, another currency or with no photo in common', () => {
    expect(isSameVehicle(base, { ...base, year: 2017 })).toBe(false);
    expect(isSameVehicle(base, { ...base, price: 2_000_000 })).toBe(false);
    expect(isSameVehicle(base, { ...base, currency: 'USD' })).toBe(false);
    expect(isSameVehicle(base, { ...base, photoHashes: ['0f1e2d3c4b5a6978'] })).toBe(false);
    expect(isSameVehicle(base, { ...base, photoHashes: [] })).toBe(false);
  });

  it('counts differing bits and close prices', () => {
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000010')).toBe(3);
    expect(isClosePrice(1_000_000, 1_100_000)).toBe(true);
    expect(isClosePrice(1_000_000, 1_200_000)).toBe(false);
  });
});
