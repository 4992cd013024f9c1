import { OWNERSHIP_OPERATION_CODES, type OwnershipOperationCode } from './constants';
import { OWNERSHIP_OPERATION_LABELS, unknownOperationLabel } from './messages';

export function isOwnershipOperationCode(code: string): code is OwnershipOperationCode {
  return (OWNERSHIP_OPERATION_CODES as readonly string[]).includes(code);
}

/** Registration operation of an ownership period; codes outside the known five are shown as they came. */
export function getOwnershipOperationLabel(code: string): string {
  const normalized = code.trim().padStart(2, '0');
  return isOwnershipOperationCode(normalized) ? OWNERSHIP_OPERATION_LABELS[normalized] : unknownOperationLabel(code);
}
