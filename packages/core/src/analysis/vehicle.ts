// Which vehicle a post is about: brand and model from the catalogue, by brand names and synonyms, by a model named
// without its brand ('Камри 2018'), by letter-and-number codes (RX200t, E200, 528i).
import type { MatchRule } from './name-table';
import type { AnalysisIndex, AnalysisVehicleKind, IndexedBrand, IndexedModel } from './reference-index';
import type { Span } from './quantities';
import type { Token } from './tokens';

export interface VehicleMatch {
  kind: AnalysisVehicleKind;
  brand: IndexedBrand;
  model: IndexedModel | null;
  /** Text spans of the brand and model names (numbers there are not years or prices). */
  spans: Span[];
  /** End of the first brand or model mention. */
  end: number;
}

interface Hit<T> {
  value: T;
  first: number;
  last: number;
  /** Found by a code rule (RX200t, 528i) or a misspelling rather than by a catalogue name. */
  weak?: boolean;
  /** How sure the name is: 2 as written, 1 declined, 0 shortened, misspelt or by a code. */
  rank?: number;
}

const RANK: Record<MatchRule, number> = {
  exact: 2,
  declined: 1,
  short: 0,
  diminutive: 0,
  generation: 0,
  misspelt: 0,
};

function brandHits(index: AnalysisIndex, tokens: readonly Token[]): Hit<IndexedBrand>[] {
  const hits: Hit<IndexedBrand>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = index.brands.match(tokens, i);
    if (!found) continue;
    const rank = RANK[found.rule];
    for (const brand of found.values) hits.push({ value: brand, first: i, last: i + found.words - 1, rank });
  }
  return hits;
}

const UNIT_AFTER = /^(км|km|тыс|т|к|л|лс|hp|руб|р|г|гв|года|год|владел|хозя|куб|cc|мест|шт)$/u;

function modelHits(
  index: AnalysisIndex,
  brand: IndexedBrand,
  tokens: readonly Token[],
  brandTokens: ReadonlySet<number>,
): Hit<IndexedModel>[] {
  const hits: Hit<IndexedModel>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const afterBrand = brandTokens.has(i - 1);
    // A model named like a city ('Самара', 'Тула') counts only right after its brand: elsewhere it is the place.
    if (!afterBrand && index.cities.has(tokens[i]!.key)) continue;
    const found = brand.models.match(tokens, i);
    if (found && /^\d+$/.test(found.key)) {
      // A bare number names a model only right after the brand ('ВАЗ 2107', 'Мазда 3', 'Танк 300'), or a long
      // catalogue number not followed by a unit.
      const key = found.key;
      const next = tokens[i + found.words]?.key ?? '';
      const yearLike = key.length === 4 && Number(key) >= 1950 && Number(key) <= 2035;
      const usable = afterBrand || (key.length >= 4 && !yearLike && !UNIT_AFTER.test(next));
      if (usable) {
        hits.push({ value: found.values[0]!, first: i, last: i + found.words - 1 });
        continue;
      }
    } else if (found && !(found.rule === 'misspelt' && brandTokens.has(i))) {
      hits.push({ value: found.values[0]!, first: i, last: i + found.words - 1, weak: found.rule === 'misspelt' });
      continue;
    }
    // A factory number with a variant after the brand ('ВАЗ-21074' is a 2107, 'ГАЗ 31029' a 3102, 'УАЗ 469Б' a 469).
    const factory = afterBrand ? /^(\d{3,6})\p{L}{0,2}$/u.exec(tokens[i]!.key) : null;
    if (factory?.[1]) {
      const digits = factory[1];
      let model: IndexedModel | undefined;
      for (let length = digits.length; length >= 3 && !model; length--)
        model = brand.numbers.get(digits.slice(0, length));
      if (model) {
        hits.push({ value: model, first: i, last: i });
        continue;
      }
    }
    // Codes: letters and digits in one word (RX200t, E200, ML350, 528i).
    const code = /^([a-z]{1,3})(\d{2,3})[a-z]{0,3}$/.exec(tokens[i]!.key);
    const byPrefix = code?.[1] ? brand.prefixes.get(code[1]) : undefined;
    if (byPrefix) {
      hits.push({ value: byPrefix, first: i, last: i, weak: true });
      continue;
    }
    // BMW series by the number (528i, 320d, 740Li): with a letter after it or right after the brand.
    const series = /^(\d)(\d{2})([a-z]{0,3})$/.exec(tokens[i]!.key);
    const bySeries = series?.[1] ? brand.series.get(series[1]) : undefined;
    if (series && bySeries && (series[3] !== '' || afterBrand)) {
      hits.push({ value: bySeries, first: i, last: i, weak: true });
    }
  }
  return hits;
}

function bestModel(hits: Hit<IndexedModel>[]): Hit<IndexedModel> | null {
  // The earliest mention; at the same place the longest name (Land Cruiser Prado over Land Cruiser); a longer name
  // right after it is the more precise one (Sportster Iron 883).
  // A name found by rule (a code, a misspelling) only when no catalogue name is.
  const byName = hits.filter((hit) => hit.weak !== true);
  if (byName.length > 0) hits = byName;
  let best: Hit<IndexedModel> | null = null;
  for (const hit of hits) {
    if (!best || hit.first < best.first || (hit.first === best.first && hit.last > best.last)) best = hit;
  }
  const next = best && hits.find((hit) => hit.first === best.last + 1 && hit.last - hit.first > best.last - best.first);
  return next ?? best;
}

const fitsYear = (model: IndexedModel, year: number | null) =>
  year === null || ((model.yearFrom ?? 0) <= year + 1 && (model.yearTo === null || year <= model.yearTo + 1));

// A name the post takes back at once ('Cobalt? Нет — Lacetti', 'Копейка… нет, шестёрка!'): not the vehicle.
const TAKEN_BACK = /^\s*(\?|…|\.{3}|!)[\s?!…]*[,—–-]?\s*нет(?![\p{L}])(?!\s+ли)/iu;

// A vehicle asked for in an exchange ('Меняю Логан … на Газель'): not the one offered.
const EXCHANGE_TARGET =
  /(обмен\p{L}*|меня[юе]\p{L}*|поменя\p{L}*|обменя\p{L}*)[^!?\n]{0,80}(?<![\p{L}])на\s+(\p{L}+\s+)?$/iu;

export function findVehicle(
  index: AnalysisIndex,
  tokens: readonly Token[],
  motoHint: boolean,
  yearHint: number | null,
  text = '',
): VehicleMatch | null {
  const span = (hit: Hit<unknown>): Span => ({ start: tokens[hit.first]!.start, end: tokens[hit.last]!.end });
  const kept = <T>(hit: Hit<T>) => !TAKEN_BACK.test(text.slice(tokens[hit.last]!.end, tokens[hit.last]!.end + 16));
  const modelsOf = (brand: IndexedBrand, brandTokens: ReadonlySet<number>) =>
    modelHits(index, brand, tokens, brandTokens).filter(kept);
  const asked = (hit: Hit<unknown>) =>
    EXCHANGE_TARGET.test(text.slice(Math.max(0, tokens[hit.first]!.start - 120), tokens[hit.first]!.start));
  const allBrands = brandHits(index, tokens);
  const brandTokens = new Set<number>();
  for (const hit of allBrands) for (let i = hit.first; i <= hit.last; i++) brandTokens.add(i);

  // Models named alone; a brand word that is also another brand's model ('Солярис', 'Джетта') is read as the model
  // unless the year says it is the newer brand.
  const alone: Hit<IndexedModel>[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const match = index.models.match(tokens, i);
    if (!match) continue;
    // A declined word right after a number is what the number counts ('110 кубов'), not a model named alone.
    const previous = tokens[i - 1];
    if (match.rule === 'declined' && previous && /^\d+$/.test(previous.key) && tokens[i]!.start - previous.end <= 1) {
      continue;
    }
    const found = match.values;
    const fitting = found.filter((model) => fitsYear(model, yearHint));
    const pool = (fitting.length > 0 ? fitting : found).filter((model) =>
      motoHint ? true : model.brand.kind === 'car',
    );
    const choice = [...(pool.length > 0 ? pool : found)].sort((a, b) => a.brand.order - b.brand.order)[0];
    if (!choice) continue;
    const hit = { value: choice, first: i, last: i + match.words - 1, rank: RANK[match.rule] };
    if (kept(hit)) alone.push(hit);
    i += match.words - 1;
  }
  // When the post names another vehicle too, the one asked for in exchange is left out.
  const offered = [...allBrands, ...alone].some((hit) => !asked(hit));
  const brands = offered ? allBrands.filter((hit) => !asked(hit)) : allBrands;
  if (offered) alone.splice(0, alone.length, ...alone.filter((hit) => !asked(hit)));

  const candidates: { brand: IndexedBrand; model: Hit<IndexedModel> | null; mention: Hit<IndexedBrand> | null }[] = [];
  const seen = new Set<IndexedBrand>();
  for (const hit of brands) {
    if (seen.has(hit.value)) continue;
    seen.add(hit.value);
    const shadow = alone.find(
      (model) =>
        (model.rank ?? 0) >= (hit.rank ?? 0) &&
        model.value.brand.popular &&
        model.first <= hit.first &&
        model.last >= hit.last &&
        model.value.brand !== hit.value,
    );
    if (shadow && !(yearHint !== null && hit.value.firstYear !== null && yearHint >= hit.value.firstYear)) continue;
    candidates.push({
      brand: hit.value,
      model: bestModel(modelsOf(hit.value, brandTokens)),
      mention: hit,
    });
  }
  const withModel = candidates.filter((candidate) => candidate.model !== null);
  const byName = withModel.filter((candidate) => candidate.model?.weak !== true);
  let chosen = byName.length > 0 ? byName : withModel.length > 0 ? withModel : candidates;
  if (chosen.length > 1) {
    const kind = motoHint ? 'moto' : 'car';
    const ofKind = chosen.filter((candidate) => candidate.brand.kind === kind);
    if (ofKind.length > 0) chosen = ofKind;
  }
  const pick = chosen.sort((a, b) => (a.model?.first ?? a.mention!.first) - (b.model?.first ?? b.mention!.first))[0];
  if (pick && (pick.model || alone.length === 0)) {
    const spans = [pick.mention, pick.model].filter((hit): hit is Hit<never> => hit !== null).map(span);
    return {
      kind: pick.brand.kind,
      brand: pick.brand,
      model: pick.model?.value ?? null,
      spans,
      end: Math.min(...spans.map((s) => s.end)),
    };
  }
  const firstAlone = alone[0];
  if (firstAlone) {
    const hit = pick ? (alone.find((model) => model.value.brand === pick.brand) ?? firstAlone) : firstAlone;
    // The brand was named too but its model list missed: keep the model found alone only when it is that brand's.
    const model = hit.value;
    const fromBrand = pick && pick.brand !== model.brand ? null : model;
    const brand = fromBrand ? model.brand : pick!.brand;
    if (fromBrand) {
      // The model found alone names the brand; the brand's own list may name the model earlier or more precisely
      // ('А6 С7 … quattro' is an A6, 'Ниндзя ZX-6R' a Ninja ZX-6R).
      const own = bestModel(modelsOf(brand, brandTokens));
      const better = own && (own.first < hit.first || (own.first === hit.first && own.last > hit.last)) ? own : hit;
      const mainSpan = span(better);
      return { kind: brand.kind, brand, model: better.value, spans: [mainSpan], end: mainSpan.end };
    }
    const mainSpan = span(hit);
    return { kind: brand.kind, brand, model: fromBrand, spans: [mainSpan], end: mainSpan.end };
  }
  return null;
}
