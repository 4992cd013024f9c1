// Texts a published listing carries that its seller did not type.
export const LISTINGS_MESSAGES = {
  /** Heads the contacts paragraph of an own listing's text. */
  contactsHeading: 'Контакты:',
} as const;
