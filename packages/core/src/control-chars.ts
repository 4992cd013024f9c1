// Control characters in user text: PostgreSQL refuses NUL in text columns, and the others (C0 except newline,
// carriage return and tab; DEL; C1) only hide or garble what a listing says. Text a user sends is refused (the
// contract's text schema); text we cannot refuse (names from Telegram or Yandex) is cleaned with stripForbiddenChars.

// Lone surrogates cannot be encoded as UTF-8 either; in a `u` regex a valid pair is one code point, so the
// surrogate range matches only lone halves.
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'gu');

/** True when the text holds a character no user text may carry (newline, carriage return and tab are allowed). */
export function hasForbiddenChars(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** The text without the characters hasForbiddenChars finds. */
export function stripForbiddenChars(text: string): string {
  return text.replace(FORBIDDEN_ALL, '');
}
