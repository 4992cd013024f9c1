/** Russian noun forms chosen by Intl.PluralRules('ru'): one (1, 21), few (2-4, 22), many (5-20, 25), other (fractions). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  other?: string;
}

const rules = new Intl.PluralRules('ru');

export function selectPlural(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  if (category === 'one') return forms.one;
  if (category === 'few') return forms.few;
  if (category === 'many') return forms.many;
  return forms.other ?? forms.few;
}

export const POST_FORMS: PluralForms = { one: 'объявление', few: 'объявления', many: 'объявлений' };
