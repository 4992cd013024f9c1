import { describe, expect, it } from 'vitest';
import { analysePost, readPost, SALE_MODEL, SALE_MODEL_POLICY } from './analyse-post';
import { buildAnalysisIndex } from './reference-index';
import { combineSale, saleFeatures, saleProbability, type SaleModelPolicy } from './sale-model';

// A small slice of the reference data; the whole files are scored by tests/analysis/corpus.test.ts.
const index = buildAnalysisIndex({
  carBrands: [
    {
      name: 'Kia',
      popular: true,
      synonyms: ['Киа'],
      models: [{ name: 'Rio', synonyms: ['Рио'], yearFrom: 2000, yearTo: null }],
    },
    {
      name: 'Toyota',
      popular: true,
      synonyms: ['Тойота', 'Тойоту'],
      models: [{ name: 'Camry', synonyms: ['Камри'], yearFrom: 1982, yearTo: null }],
    },
  ],
  motoBrands: [],
  cities: [
    { city: 'Пермь', population: 1_000_000, synonyms: [] },
    { city: 'Москва', population: 12_000_000, synonyms: [] },
  ],
});
const options = { maxYear: 2026 };

// A seller's rhetorical question ahead of a full sale: the rules read a question (a kind of the third pass's misses).
const RHETORICAL = 'Снижены цены? У меня нет. Киа Рио 2017 года, пробег 98 000 км, 790 000 р, Пермь';
const SALE = 'Тойота Камри 2018 года, пробег 95 тыс. км, 2 350 000 ₽, Москва. Один хозяин.';
const WANTED = 'Куплю Тойоту Камри 2015-2018 года, пробег до 150 тыс., до 1,8 млн. Москва';

describe('the learned sale opinion', () => {
  it('reads a post as words, word pairs, first-line words and letter n-grams, leaving numbers to the evidence', () => {
    const features = saleFeatures('Продаю Киа Рио 2017\nпробег 98 тыс');
    expect(features).toEqual(expect.arrayContaining(['f:продаю', 'w:рио', 'b:киа_рио', 'c:<про', 'c:даю>']));
    expect(features).not.toContain('f:пробег');
    expect(features.some((feature) => /\d/u.test(feature))).toBe(false);
    expect(saleFeatures('Продаю Киа Рио 2017\nпробег 98 тыс')).toEqual(features);
  });

  it('gives a full sale a high probability and a wanted post a low one, the same every time', () => {
    const sale = saleProbability(SALE_MODEL, SALE, { vehicle: true, year: true, mileage: true, price: true });
    const wanted = saleProbability(SALE_MODEL, WANTED, { vehicle: true, year: true, mileage: false, price: false });
    expect(sale).toBeGreaterThan(0.9);
    expect(wanted).toBeLessThan(0.1);
    expect(saleProbability(SALE_MODEL, SALE, { vehicle: true, year: true, mileage: true, price: true })).toBe(sale);
  });

  it('is on by default; null leaves the rules alone to decide', () => {
    expect(readPost(index, RHETORICAL, options).reason).toBe('question');
    expect(analysePost(index, RHETORICAL, options).is_sale).toBe(true);
    expect(analysePost(index, RHETORICAL, { ...options, saleModel: null }).is_sale).toBe(false);
  });

  it('turned on, finds the sale behind a rhetorical question, with every field the rules read', () => {
    const result = analysePost(index, RHETORICAL, { ...options, saleModel: SALE_MODEL_POLICY });
    expect(result).toMatchObject({
      is_sale: true,
      brand: 'Kia',
      model: 'Rio',
      year: 2017,
      price: 790_000,
      currency: 'RUB',
      mileage_km: 98_000,
      city: 'Пермь',
      reason: null,
    });
  });

  it('turned on, keeps a plain sale a sale and a wanted post a non-sale', () => {
    expect(analysePost(index, SALE, { ...options, saleModel: SALE_MODEL_POLICY }).is_sale).toBe(true);
    expect(analysePost(index, WANTED, { ...options, saleModel: SALE_MODEL_POLICY })).toMatchObject({
      is_sale: false,
      brand: null,
      reason: 'buying',
    });
  });

  it('overturns the rules only where the policy lets it, and says so in the reason', () => {
    const policy: SaleModelPolicy = { overturnable: ['question'], toSale: 0.8, toNonSale: 0.3 };
    expect(combineSale(policy, 'question', true, 0.85)).toBe(true);
    expect(combineSale(policy, 'question', true, 0.75)).toBe(false);
    expect(combineSale(policy, 'buying', true, 0.99)).toBe(false);
    expect(combineSale(policy, 'question', false, 0.99)).toBe(false);
    expect(combineSale(policy, null, true, 0.31)).toBe(true);
    expect(combineSale(policy, null, true, 0.3)).toBe(false);
    expect(combineSale({ ...policy, toNonSale: 0 }, null, true, 0)).toBe(true);
    // A policy that doubts every sale: the rules' sale becomes a non-sale with the model as its reason.
    const doubting: SaleModelPolicy = { overturnable: [], toSale: 2, toNonSale: 1 };
    expect(analysePost(index, SALE, { ...options, saleModel: doubting })).toMatchObject({
      is_sale: false,
      brand: null,
      reason: 'model',
    });
  });
});
