import { describe, expect, it } from 'vitest';
import { groupCitiesByRegion } from './group-cities-by-region';

describe('groupCitiesByRegion', () => {
  it('groups in order of first appearance', () => {
    const groups = groupCitiesByRegion([
      { city: 'Москва', region: 'Москва', region_type: 'г' },
      { city: 'Казань', region: 'Татарстан', region_type: 'Респ' },
      { city: 'Химки', region: 'Московская', region_type: 'обл' },
      { city: 'Альметьевск', region: 'Татарстан', region_type: 'Респ' },
    ]);
    expect(groups.map((g) => [g.region, g.region_type, g.cities.map((c) => c.city), g.hiddenCount])).toEqual([
      ['Москва', 'г', ['Москва'], 0],
      ['Татарстан', 'Респ', ['Казань', 'Альметьевск'], 0],
      ['Московская', 'обл', ['Химки'], 0],
    ]);
  });

  it('shows the first 50 cities of a region and counts the rest', () => {
    const many = Array.from({ length: 53 }, (_, i) => ({ city: `Город ${i}`, region: 'Большая' }));
    const [group] = groupCitiesByRegion(many);
    expect(group?.cities).toHaveLength(50);
    expect(group?.cities[49]?.city).toBe('Город 49');
    expect(group?.hiddenCount).toBe(3);
    expect(group?.region_type).toBeNull();
  });

  it('takes a custom limit', () => {
    const [group] = groupCitiesByRegion(
      [
        { city: 'a', region: 'r' },
        { city: 'b', region: 'r' },
      ],
      1,
    );
    expect(group?.cities.map((c) => c.city)).toEqual(['a']);
    expect(group?.hiddenCount).toBe(1);
  });
});
