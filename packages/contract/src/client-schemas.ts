import { MESSAGES } from '@autoradar/core';
import * as z from 'zod/mini';
import { ID_MAX, type IdKind } from './ids';

// What the apps' first screen validates, in zod/mini (issue 32): the classic zod the rest of the contract is written
// in brings its JSON-schema code with it, ~50 kB over the wire that the first screen never calls. The same rules as
// fields.ts's schemas of the same name (client-schemas.test.ts checks they agree); the server validates with those.

const idNumber = (kind: IdKind) =>
  z.number({ error: MESSAGES.invalidId }).check(
    z.int({ error: MESSAGES.invalidId }),
    z.minimum(1, { error: MESSAGES.invalidId }),
    z.maximum(ID_MAX[kind], { error: MESSAGES.invalidId }),
  );

/** fields.ts's IdSchema (bigserial ids: posts, users, …) in zod/mini. */
export const IdMiniSchema = idNumber('bigserial');
