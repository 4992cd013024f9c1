import { VIN_LENGTH } from './constants';
import { isValidVin } from './validate-vin';

// A VIN in a listing's text (issue 33: the listing page shows the facts of a completed VIN report). A seller writes
// it as one 17-character word («VIN: XTA210990Y2765437», «вин xta210990y2765437»); a word of VIN characters with at
// least one letter and one digit, so a phone number or a long number is never taken for one.

const CANDIDATE = new RegExp(`(?<![A-Za-z0-9])[A-Za-z0-9]{${VIN_LENGTH}}(?![A-Za-z0-9])`, 'g');

/** The first VIN the text states, upper-cased; null when there is none. */
export function findVin(text: string): string | null {
  for (const match of text.matchAll(CANDIDATE)) {
    const word = match[0].toUpperCase();
    if (/[A-Z]/.test(word) && /\d/.test(word) && isValidVin(word)) return word;
  }
  return null;
}
