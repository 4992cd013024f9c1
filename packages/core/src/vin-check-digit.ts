import { MESSAGES } from './messages';
import { normalizeVin, validateVin } from './validate-vin';

// ISO 3779 leaves position 9 free; vehicles made for North America (world manufacturer codes starting 1-5,
// 49 CFR 565) must carry a check digit there. Russian, European and Asian VINs often do not, so the check applies
// only to North American ones.
const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Whether position 9 of this (normalised, well-formed) VIN must be its check digit. */
export function vinCheckDigitApplies(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

/** The check digit of a well-formed VIN: '0'-'9' or 'X' (a remainder of 10). */
export function computeVinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < WEIGHTS.length; i++) {
    const char = vin[i] ?? '0';
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the check digit is right or does not apply. */
export function hasValidVinCheckDigit(vin: string): boolean {
  return !vinCheckDigitApplies(vin) || vin[8] === computeVinCheckDigit(vin);
}

/**
 * A report order's VIN: validateVin's rule (17 characters, no I, O or Q, after dropping spaces and upper-casing)
 * plus the check digit where it applies.
 */
export function validateOrderVin(text: string | null | undefined): string | null {
  const message = validateVin(text);
  if (message !== null) return message;
  return hasValidVinCheckDigit(normalizeVin(text ?? '')) ? null : MESSAGES.invalidVin;
}
