import { MESSAGES } from './messages';
import { toValidationResult, type FieldErrors, type ValidationResult } from './validation-result';

const URL_SHAPE =
  /^https?:\/\/(?:localhost|(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/** An absolute http(s) address with a host name (Cyrillic domains included). */
export function isValidUrl(text: string): boolean {
  return URL_SHAPE.test(text.trim());
}

export interface PartnerForm {
  title?: string | null;
  url?: string | null;
  /** A newly chosen file or the stored logo's address. */
  logo?: unknown;
}

/**
 * Partner form (spec §5): name and link required, the link URL-shaped; the logo is required when editing, as the
 * spec states, while a new partner may be created first and given its logo later.
 */
export function validatePartnerForm(form: PartnerForm, mode: 'create' | 'edit'): ValidationResult {
  const errors: FieldErrors = {};
  if ((form.title ?? '').trim() === '') errors.title = MESSAGES.partnerTitleRequired;
  const url = (form.url ?? '').trim();
  if (url === '') errors.url = MESSAGES.partnerUrlRequired;
  else if (!isValidUrl(url)) errors.url = MESSAGES.invalidUrl;
  const hasLogo = form.logo !== null && form.logo !== undefined && form.logo !== '';
  if (mode === 'edit' && !hasLogo) errors.logo = MESSAGES.partnerLogoRequired;
  return toValidationResult(errors);
}
