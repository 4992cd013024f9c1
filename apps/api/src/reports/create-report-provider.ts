import type { Config } from '@autoradar/server/config/config';
import { createApiCloudProvider } from '@autoradar/server/reports/api-cloud.provider';
import type { ReportProvider } from '@autoradar/server/reports/report.provider';
import { createSandboxProvider } from '@autoradar/server/reports/sandbox.provider';

export const DEFAULT_REPORTS_API_URL = 'https://api-cloud.ru/api';

/** The real provider when a key is configured, otherwise the sandbox (README, configuration). */
export function createReportProvider(reports: Config['reports']): ReportProvider {
  if (!reports.apiKey) return createSandboxProvider({ delayMs: reports.sandboxDelaySeconds * 1000 });
  return createApiCloudProvider({
    apiUrl: reports.apiUrl ?? DEFAULT_REPORTS_API_URL,
    apiKey: reports.apiKey,
    timeoutMs: reports.timeoutSeconds * 1000,
  });
}
