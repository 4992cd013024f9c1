import type { AuthLevel } from '@autoradar/contract';

// The API reference page's texts (/api/docs).
export const DOCS_MESSAGES = {
  authLabels: { guest: 'все', user: 'вход', pro: 'PRO', admin: 'админ' } satisfies Record<AuthLevel, string>,
  realtimePort: 'порт веб-сокетов',
  documentLink: 'Документ OpenAPI 3.1:',
  errorEnvelope: 'Все ошибки приходят в одном виде:',
} as const;
