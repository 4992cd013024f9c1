import { toValidationResult } from '@autoradar/core';
import { SOURCE_KINDS, SOURCE_READ_VIA, SOURCE_STATES } from '@autoradar/core/aggregation';
import {
  parseSourceLink,
  SOURCE_LINK_MAX_LENGTH,
  SOURCE_MESSAGES,
  SOURCE_POST_OUTCOMES,
} from '@autoradar/core/source-links';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ErrorSchema } from './errors';
import {
  answerList,
  answerText,
  coreRule,
  CountSchema,
  DateTimeSchema,
  IdSchema,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NoBodySchema,
  SerialIdParamSchema,
  SerialIdSchema,
  textSchema,
} from './fields';
import { named } from './schema-names';

// «Источники» (issue 28): the channels and walls listings are read from, for admins. The sources CLI calls the same
// service (packages/server/src/ingest/sources.ts).

/** A source's page lists this many of its latest posts (the server's SOURCE_LATEST_POSTS). */
export const SOURCE_POSTS_MAX = 50;
/** The list answers at most this many sources (the landing names 1 400; the CLI lists every one). */
export const SOURCES_LIST_MAX = 10_000;
/** The 255-character titles Telegram and VK allow, and the longest identifier (a '-100…' chat id or a name). */
const IDENTIFIER_MAX_LENGTH = 64;
const URL_MAX_LENGTH = 2_048;

export const SourceDayCountsSchema = named(
  'SourceDayCounts',
  z.object({ read: CountSchema, published: CountSchema, rejected: CountSchema }),
);

/** `link` is the source's address as a person writes it (t.me/name, vk.com/club123); `day` counts the last 24 h. */
export const SourceSchema = named(
  'Source',
  z.object({
    id: SerialIdSchema,
    kind: z.enum(SOURCE_KINDS),
    read_via: z.enum(SOURCE_READ_VIA),
    identifier: answerText(IDENTIFIER_MAX_LENGTH),
    link: answerText(IDENTIFIER_MAX_LENGTH + 20),
    title: answerText(NAME_MAX_LENGTH),
    state: z.enum(SOURCE_STATES),
    last_read_at: DateTimeSchema.nullable(),
    next_read_at: DateTimeSchema,
    interval_seconds: CountSchema,
    /** Why the last read failed, in Russian; null after a successful read. */
    last_error: answerText(MESSAGE_MAX_LENGTH).nullable(),
    day: SourceDayCountsSchema,
  }),
);

/** One post a source showed and what became of it: published, or rejected (not a sale, a duplicate, not understood). */
export const SourcePostSchema = named(
  'SourcePost',
  z.object({
    message_id: z.number().int(),
    outcome: z.enum(SOURCE_POST_OUTCOMES),
    /** The listing it became or duplicates. */
    post_id: IdSchema.nullable(),
    url: answerText(URL_MAX_LENGTH).nullable(),
    excerpt: answerText(NAME_MAX_LENGTH),
    seen_at: DateTimeSchema,
  }),
);

export const SourceDetailSchema = named(
  'SourceDetail',
  z.object({ source: SourceSchema, posts: answerList(SourcePostSchema, SOURCE_POSTS_MAX) }),
);

export const AddSourceRequestSchema = named(
  'AddSourceRequest',
  z
    .object({
      link: textSchema({ max: SOURCE_LINK_MAX_LENGTH, required: SOURCE_MESSAGES.linkRequired }),
      title: textSchema({ max: NAME_MAX_LENGTH }).optional(),
    })
    .superRefine(
      coreRule((value) =>
        toValidationResult(value.link && !parseSourceLink(value.link) ? { link: SOURCE_MESSAGES.badLink } : {}),
      ),
    ),
);

export const ListSourcesResponseSchema = named(
  'ListSourcesResponse',
  z.object({ data: z.array(SourceSchema).max(SOURCES_LIST_MAX) }),
);
export const SourceResponseSchema = named('SourceResponse', z.object({ data: SourceSchema }));
export const SourceDetailResponseSchema = named('SourceDetailResponse', z.object({ data: SourceDetailSchema }));

export const SourceParamsSchema = z.object({ id: SerialIdParamSchema });

export type Source = z.infer<typeof SourceSchema>;
export type SourcePost = z.infer<typeof SourcePostSchema>;
export type SourceDetail = z.infer<typeof SourceDetailSchema>;

export const sourcesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sources',
    summary: 'Sources with their state and 24-hour counters',
    auth: 'admin',
    responses: { 200: ListSourcesResponseSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/sources/:id',
    summary: 'One source with its latest posts and why each rejected one was',
    auth: 'admin',
    params: SourceParamsSchema,
    responses: { 200: SourceDetailResponseSchema },
  }),
  add: defineEndpoint({
    method: 'POST',
    path: '/api/sources',
    summary: 'Add a source by its link (t.me/name, @name, vk.com/club123); read within seconds',
    auth: 'admin',
    body: AddSourceRequestSchema,
    responses: { 201: SourceResponseSchema, 409: ErrorSchema },
  }),
  pause: defineEndpoint({
    method: 'PUT',
    path: '/api/sources/:id/pause',
    summary: 'Pause a source',
    auth: 'admin',
    params: SourceParamsSchema,
    responses: { 200: SourceResponseSchema },
  }),
  resume: defineEndpoint({
    method: 'PUT',
    path: '/api/sources/:id/resume',
    summary: 'Resume a source (read at once, its failures forgotten)',
    auth: 'admin',
    params: SourceParamsSchema,
    responses: { 200: SourceResponseSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/sources/:id',
    summary: 'Remove a source (its listings stay)',
    auth: 'admin',
    params: SourceParamsSchema,
    responses: { 204: NoBodySchema },
  }),
};
