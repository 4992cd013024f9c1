import { inArray, sql } from 'drizzle-orm';
import { brands, models, type Db } from '@autoradar/db';
import type { SearchTerm } from './condition';
import { parseNumberArray, parseTextArray } from './pg-arrays';
import { placeholders, preparedFor } from './statements';

// What a filter's words and selected models stand for, as the ids and lexemes the feed's statements take: each word
// resolved once against the reference tables (exactly, or as a misspelling), each model to its brand (core
// matchFilter narrows a brand to its selected models).

/** The brand of each given model that exists. */
export async function findModelBrands(db: Db, modelIds: number[]): Promise<{ id: number; brandId: number }[]> {
  if (modelIds.length === 0) return [];
  // Built once per number of ids, like the feed's statements (a third of the feed's requests name a model).
  const { values, bind } = placeholders('m');
  const ids = modelIds.map((id) => bind(id));
  const prepared = preparedFor(db, `models ${ids.length}`, () =>
    db.select({ id: models.id, brandId: models.brandId }).from(models).where(inArray(models.id, ids)).prepare(''),
  );
  return (await prepared.execute(values)) as { id: number; brandId: number }[];
}

/** Trigram similarity at which a word counts as a misspelling of a brand or model name. */
export const TERM_SIMILARITY = 0.45;
/** Shorter words only match names exactly: three letters are too few to tell a misspelling from chance. */
export const TERM_MIN_FUZZY_LENGTH = 4;

/**
 * For each (lower-cased) word: whether full-text search can use it, and the brands and models it names, exactly
 * or by trigram similarity of the name or a synonym.
 */
export async function resolveTerms(db: Db, words: string[]): Promise<SearchTerm[]> {
  if (words.length === 0) return [];
  const matches = (table: typeof brands | typeof models) => sql`coalesce((
      select array_agg(r.id order by r.id) from ${table} r
      where exists (
        select 1 from unnest(array_append(r.synonyms, r.name)) as t(term)
        where replace(lower(t.term), 'ё', 'е') = w.word
          or (length(w.word) >= ${TERM_MIN_FUZZY_LENGTH}
              and similarity(replace(lower(t.term), 'ё', 'е'), w.word) >= ${TERM_SIMILARITY})
      )), '{}')`;
  const result = await db.execute<{
    word: string;
    full_text: boolean;
    brand_ids: number[] | string;
    model_ids: number[] | string;
    lexemes: string;
  }>(sql`
    select w.word,
      numnode(websearch_to_tsquery('russian', w.word)) > 0 as full_text,
      tsvector_to_array(to_tsvector('russian', w.word))::text as lexemes,
      ${matches(brands)} as brand_ids,
      ${matches(models)} as model_ids
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as w(word, n)
    order by w.n`);
  return result.rows.map((row) => ({
    word: row.word,
    fullText: row.full_text,
    brandIds: parseNumberArray(row.brand_ids),
    modelIds: parseNumberArray(row.model_ids),
    lexemes: parseTextArray(row.lexemes),
  }));
}
