import { FEED_IDS_MAX } from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import {
  answerList,
  answerText,
  DateTimeSchema,
  IdParamSchema,
  idListSchema,
  IdSchema,
  MoneySchema,
  NoBodySchema,
} from './fields';
import { named } from './schema-names';

// Favourites on the server (issue 33): a signed-in user's favourites follow them to every device. `POST /api/notes`
// (posts.ts) stays the read of the cards for given ids; these calls keep the set itself. Also here: a listing's price
// history and the switch of the price-drop alerts.

/** One favourite: the listing and what it cost when it was added (null: it had no price then). */
export const NoteEntrySchema = named(
  'NoteEntry',
  z.object({
    id: IdSchema,
    price_when_added: MoneySchema.nullable(),
    currency_when_added: answerText(3).nullable(),
    added_at: DateTimeSchema,
  }),
);
export type NoteEntry = z.infer<typeof NoteEntrySchema>;

/** The user's favourites, the latest added last (the order the client's list keeps). */
export const NoteListResponseSchema = named(
  'NoteListResponse',
  z.object({ data: answerList(NoteEntrySchema, FEED_IDS_MAX) }),
);
export const NoteResponseSchema = named('NoteResponse', z.object({ data: NoteEntrySchema }));
export const NoteIdParamsSchema = z.object({ id: IdParamSchema });
/** What a browser held before sign-in, uploaded once; the server keeps the union. */
export const MergeNotesRequestSchema = named('MergeNotesRequest', z.object({ ids: idListSchema('bigserial') }));

/** One price a listing had, since when. */
export const PricePointSchema = named(
  'PricePoint',
  z.object({ price: MoneySchema, currency: answerText(3), recorded_at: DateTimeSchema }),
);
export type PricePoint = z.infer<typeof PricePointSchema>;
/** At most this many prices are answered (the latest ones). */
export const PRICE_HISTORY_MAX = 200;
export const PriceHistoryResponseSchema = named(
  'PriceHistoryResponse',
  z.object({ data: answerList(PricePointSchema, PRICE_HISTORY_MAX) }),
);

export const PriceAlertsSettingSchema = named('PriceAlertsSetting', z.object({ price_alerts: z.boolean() }));
export type PriceAlertsSetting = z.infer<typeof PriceAlertsSettingSchema>;

export const notesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notes',
    summary: "The user's favourites with the price when each was added",
    auth: 'user',
    responses: { 200: NoteListResponseSchema },
  }),
  add: defineEndpoint({
    method: 'PUT',
    path: '/api/notes/:id',
    summary: 'Add a listing to favourites (remembers its price); adding twice keeps the first',
    auth: 'user',
    params: NoteIdParamsSchema,
    responses: { 200: NoteResponseSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/notes/:id',
    summary: 'Remove a listing from favourites',
    auth: 'user',
    params: NoteIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
  merge: defineEndpoint({
    method: 'POST',
    path: '/api/notes/merge',
    summary: "Upload the browser's favourites once after sign-in; answers the merged list",
    auth: 'user',
    body: MergeNotesRequestSchema,
    responses: { 200: NoteListResponseSchema },
  }),
  prices: defineEndpoint({
    method: 'GET',
    path: '/api/posts/:id/prices',
    summary: 'Every price the listing had, oldest first',
    auth: 'guest',
    params: NoteIdParamsSchema,
    responses: { 200: PriceHistoryResponseSchema },
  }),
  alerts: defineEndpoint({
    method: 'GET',
    path: '/api/user/price-alerts',
    summary: 'Whether price-drop alerts on favourites are on',
    auth: 'user',
    responses: { 200: PriceAlertsSettingSchema },
  }),
  setAlerts: defineEndpoint({
    method: 'PUT',
    path: '/api/user/price-alerts',
    summary: 'Turn price-drop alerts on favourites on or off',
    auth: 'user',
    body: PriceAlertsSettingSchema,
    responses: { 200: PriceAlertsSettingSchema },
  }),
};
