// ICU versions disagree on the grouping separator of ru-RU (U+00A0 in most browsers and Node 20, U+202F in newer
// ICU builds). Output is normalised to U+00A0 (no-break space): it looks like the spec's space, never wraps inside a
// number, and snapshots stay stable across engines. Inputs that parse these strings keep digits only, so any space works.
const GROUP_SEPARATORS = /[\u202F\u2009\u0020]/g;
export const GROUP_SEPARATOR = '\u00A0';

// ru-RU groups only from five digits by default (1234 but 12 345); 'always' keeps 1 234 like the listings expect.
// ES2023 typings know useGrouping only as a boolean, hence the cast; engines without the option group as before.
export const ALWAYS_GROUP = { useGrouping: 'always' } as unknown as Intl.NumberFormatOptions;

const integerFormat = new Intl.NumberFormat('ru-RU', { ...ALWAYS_GROUP, maximumFractionDigits: 0 });

export function normalizeGroupSeparators(text: string): string {
  return text.replace(GROUP_SEPARATORS, GROUP_SEPARATOR);
}

/** Rounds to an integer and groups digits: 1234567 -> '1 234 567'. */
export function formatNumber(value: number): string {
  return normalizeGroupSeparators(integerFormat.format(Math.round(value)));
}
