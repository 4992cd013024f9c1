import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactText } from './log-redact';

// The e-mail pattern as first written: every address it found must still be found (the rewrite only made the search
// linear in the text's length).
const PLAIN_EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;

describe('redactText', () => {
  it('replaces e-mail addresses, Latin and Cyrillic, and keeps the text around them', () => {
    expect(redactText('пишите: ivan.petrov+cars@mail.ru, после 18:00')).toBe('пишите: [Redacted], после 18:00');
    expect(redactText('почта иван@почта.рф!')).toBe('почта [Redacted]!');
    expect(redactText('a.b@sub.example.com.')).toBe('[Redacted].');
    expect(redactText('x@y и @username')).toBe('x@y и @username');
  });

  it('finds an address at the end of a 16 KB run of letters or digits, as a client error report may carry', () => {
    for (const run of ['я'.repeat(16_000), '7'.repeat(16_000), 'a.'.repeat(8_000)]) {
      expect(redactText(`${run}@mail.ru конец`)).toBe('[Redacted] конец');
    }
    // Without an address, a run of letters stays as it was (a run of digits is a phone number's pattern).
    const letters = 'я'.repeat(16_000);
    expect(redactText(`${letters} a.${letters}`)).toBe(`${letters} a.${letters}`);
  });

  it('replaces phone numbers and secret query parameters', () => {
    expect(redactText('звоните +7 (999) 123-45-67')).toBe('звоните [Redacted]');
    expect(redactText('/login?hash=abc123&next=/search')).toBe('/login?hash=[Redacted]&next=/search');
  });

  it('redacts every address the plain pattern finds, in any text', () => {
    const char = fc.constantFrom(...'aя1.@-_+% :rру\n"/'.split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        const redacted = redactText(text);
        for (const match of text.matchAll(PLAIN_EMAIL)) expect(redacted).not.toContain(match[0]);
      }),
      { numRuns: 3_000 },
    );
  });
});
