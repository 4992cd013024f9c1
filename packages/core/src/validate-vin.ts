import { VIN_LENGTH } from './constants';
import { MESSAGES } from './messages';

// ISO 3779: 17 characters, Latin capitals and digits without I, O and Q.
const VIN = new RegExp(`^[A-HJ-NPR-Z0-9]{${VIN_LENGTH}}$`);

/** Upper-cases and drops spaces, so a VIN pasted from a document is accepted as typed. */
export function normalizeVin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

export function isValidVin(text: string): boolean {
  return VIN.test(normalizeVin(text));
}

/** Order form: the VIN (the order's `string`) is required and must be a valid VIN. */
export function validateVin(text: string | null | undefined): string | null {
  const vin = normalizeVin(text ?? '');
  if (vin === '') return MESSAGES.required;
  return VIN.test(vin) ? null : MESSAGES.invalidVin;
}
