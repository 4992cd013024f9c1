import { authEndpoints } from './auth';
import { clientErrorsEndpoints } from './client-errors';
import { docsEndpoints } from './docs';
import { draftsEndpoints } from './drafts';
import { filtersEndpoints } from './filters';
import { healthEndpoints } from './health';
import { notesEndpoints } from './notes';
import { partnersEndpoints } from './partners';
import { paymentEndpoints } from './payment';
import { postsEndpoints } from './posts';
import { ratesEndpoints } from './rates';
import { realtimeEndpoints } from './realtime';
import { referenceEndpoints } from './reference';
import { sourcesEndpoints } from './sources';
import { supportEndpoints } from './support';
import { userEndpoints } from './user';

/** Every call of the product, by feature: `contract.posts.search`, `contract.health.check`, … */
export const contract = {
  health: healthEndpoints,
  docs: docsEndpoints,
  auth: authEndpoints,
  user: userEndpoints,
  posts: postsEndpoints,
  notes: notesEndpoints,
  reference: referenceEndpoints,
  drafts: draftsEndpoints,
  filters: filtersEndpoints,
  support: supportEndpoints,
  payment: paymentEndpoints,
  partners: partnersEndpoints,
  sources: sourcesEndpoints,
  rates: ratesEndpoints,
  realtime: realtimeEndpoints,
  clientErrors: clientErrorsEndpoints,
};
export type Contract = typeof contract;
