import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertRows } from './insert-rows';
import { brands } from './schema';
import { describeEachDb } from './testing/test-db';

// insertRows (issue 28): the rows as drizzle's multi-row insert would store them, from one JSON parameter.
describeEachDb('many rows in one statement', (getDb) => {
  const stored = (names: string[]) =>
    getDb()
      .db.select({
        name: brands.name,
        kind: brands.kind,
        synonyms: brands.synonyms,
        popular: brands.popular,
        position: brands.position,
      })
      .from(brands)
      .where(inArray(brands.name, names))
      .orderBy(brands.name);

  it('stores every row as given, with its array and text as written and the defaults of the columns left out', async () => {
    await insertRows(getDb().db, brands, [
      { name: 'Ир-1 «Тест»', kind: 'car', synonyms: ['Ир "один"', 'ир\\1', 'Ир, 1'] },
      { name: 'Ир-2', kind: 'moto', synonyms: [] },
    ]);
    expect(await stored(['Ир-1 «Тест»', 'Ир-2'])).toEqual([
      { name: 'Ир-1 «Тест»', kind: 'car', synonyms: ['Ир "один"', 'ир\\1', 'Ир, 1'], popular: false, position: 0 },
      { name: 'Ир-2', kind: 'moto', synonyms: [], popular: false, position: 0 },
    ]);
  });

  it('keeps a row already there with on conflict do nothing, and fails without it', async () => {
    await insertRows(getDb().db, brands, [{ name: 'Ир-3', kind: 'car', position: 5 }]);
    await insertRows(
      getDb().db,
      brands,
      [
        { name: 'Ир-3', kind: 'car', position: 7 },
        { name: 'Ир-4', kind: 'car', position: 8 },
      ],
      { onConflictDoNothing: true },
    );
    expect((await stored(['Ир-3', 'Ир-4'])).map((row) => row.position)).toEqual([5, 8]);
    await expect(insertRows(getDb().db, brands, [{ name: 'Ир-3', kind: 'car' }])).rejects.toThrow();
  });

  it('gives each row its own defaults when the rows name different columns', async () => {
    await insertRows(getDb().db, brands, [
      { name: 'Ир-5', kind: 'car', popular: true },
      { name: 'Ир-6', kind: 'car', position: undefined },
    ]);
    expect((await stored(['Ир-5', 'Ир-6'])).map((row) => [row.popular, row.position])).toEqual([
      [true, 0],
      [false, 0],
    ]);
  });
});
