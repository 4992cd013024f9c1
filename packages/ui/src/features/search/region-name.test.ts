import { describe, expect, it } from 'vitest';
import { formatRegionName } from './region-name';

describe('region names', () => {
  it('spell the region type out the Russian way', () => {
    expect(formatRegionName('Московская', 'обл')).toBe('Московская область');
    expect(formatRegionName('Краснодарский', 'край')).toBe('Краснодарский край');
    expect(formatRegionName('Татарстан', 'Респ')).toBe('Республика Татарстан');
    expect(formatRegionName('Чувашская', 'Респ')).toBe('Чувашская Республика');
    expect(formatRegionName('Ненецкий', 'АО')).toBe('Ненецкий автономный округ');
    expect(formatRegionName('Ханты-Мансийский — Югра', 'АО')).toBe('Ханты-Мансийский автономный округ — Югра');
    expect(formatRegionName('Еврейская', 'Аобл')).toBe('Еврейская автономная область');
    expect(formatRegionName('Москва', 'г')).toBe('Москва');
  });
});
