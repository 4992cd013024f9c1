import { readAppName, readOperatorName, readSupportEmail, readSupportTelegram } from '../../config';
import type { OperatorDetails } from './documents/document';

/** The operator and support contacts the server injects (OPERATOR_NAME, SUPPORT_TELEGRAM, SUPPORT_EMAIL). */
export function readOperatorDetails(): OperatorDetails {
  return {
    appName: readAppName(),
    operatorName: readOperatorName(),
    site: typeof window === 'undefined' ? '' : window.location.host,
    supportTelegram: readSupportTelegram(),
    supportEmail: readSupportEmail(),
  };
}
