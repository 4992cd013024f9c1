// The city of a post in any case and spelling ('в Казани', 'г. Н.Новгород', 'Мск', 'Питер', 'Екб'), as the catalogue's
// nominative name. Small towns whose names are ordinary words count only when written as a place.
import type { AnalysisIndex, IndexedCity } from './reference-index';
import type { Token } from './tokens';

const MARKER_WORDS = new Set(['г', 'гopoд', 'гop', 'b', 'из', 'гopoдa']);
const MARKER_BEFORE =
  /(📍|🏙|🌆|г\.\s?$|город:?\s?$|гор\.\s?$|location:?\s?$|осмотр в\s?$|находится в\s?$|машина в\s?$)/iu;

// Where the vehicle came from, not where it is: 'привёз сам из Владивостока', 'пригнан из Германии'.
const ORIGIN_BEFORE =
  /(привез|привёз|пригна|перегна|доставлен|везли|куплен)\p{L}*\s+((сам|сами|лично|его)\s+)?(из|с)\s?$/iu;

interface CityHit {
  city: IndexedCity;
  start: number;
  marked: boolean;
  origin: boolean;
}

export function findCity(index: AnalysisIndex, tokens: readonly Token[], text: string): string | null {
  const hits: CityHit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const patterns = index.cities.get(tokens[i]!.key);
    if (!patterns) continue;
    let best: { city: IndexedCity; words: number; capitalOnly: boolean } | null = null;
    for (const pattern of patterns) {
      const fits = pattern.rest.every(
        (forms, j) => tokens[i + 1 + j] !== undefined && forms.has(tokens[i + 1 + j]!.key),
      );
      if (!fits) continue;
      const words = pattern.rest.length + 1;
      if (!best || words > best.words || (words === best.words && pattern.city.population > best.city.population)) {
        best = { city: pattern.city, words, capitalOnly: pattern.capitalOnly };
      }
    }
    if (!best) continue;
    const token = tokens[i]!;
    const last = tokens[i + best.words - 1]!;
    const capital = /^\p{Lu}/u.test(token.raw);
    const before = text.slice(Math.max(0, token.start - 14), token.start);
    const previous = tokens[i - 1];
    const marked =
      MARKER_BEFORE.test(before) ||
      (previous !== undefined && MARKER_WORDS.has(previous.key) && token.start - previous.end <= 3);
    const lineEnd = /^[\s.,!)»"]*(\n|$)/u.test(text.slice(last.end));
    const lineStart = /(^|\n)[\s📍🏙-]*$/u.test(text.slice(0, token.start));
    // A place said on its own between two stops: '… 620 тыс. Киров. Пишите'.
    const alone =
      /[.,;!]\s*$/u.test(text.slice(Math.max(0, token.start - 3), token.start)) &&
      /^\s*[.,;!]/u.test(text.slice(last.end));
    // A hashtag ('#киров') names the place whatever its letters' case.
    const hashtag = text[token.start - 1] === '#';
    if ((best.city.weak || best.capitalOnly) && !hashtag && !(capital && (marked || lineEnd || lineStart || alone))) {
      continue;
    }
    const origin = ORIGIN_BEFORE.test(text.slice(Math.max(0, token.start - 30), token.start));
    hits.push({ city: best.city, start: token.start, marked: marked && !origin, origin });
    i += best.words - 1;
  }
  if (hits.length === 0) return null;
  const here = hits.filter((hit) => !hit.origin);
  const places = here.length > 0 ? here : hits;
  const marked = places.filter((hit) => hit.marked);
  const pool = marked.length > 0 ? marked : places;
  const last = pool[pool.length - 1]!;
  // 'Курган, Заозёрный': a city then a smaller place right after it is the city and its district.
  const before = pool[pool.length - 2];
  if (before && /^[\p{L}\s-]*,\s*$/u.test(text.slice(before.start, last.start).replace(/^\p{L}+/u, ''))) {
    if (before.city.population > last.city.population) return before.city.name;
  }
  return last.city.name;
}
