import {
  DRAFT_MEDIA_MAX,
  FEATURED_POSTS_LIMIT,
  FEED_IDS_MAX,
  FEED_PAGE_SIZE,
  MARKET_VERDICTS,
  MY_POSTS_LIMIT,
  POST_STATUSES,
  REFERENCE_NAME_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  answerList,
  answerText,
  CountSchema,
  DateTimeSchema,
  HtmlPageSchema,
  IdParamSchema,
  idListSchema,
  IdSchema,
  MoneySchema,
  NAME_MAX_LENGTH,
  NoBodySchema,
  POST_TEXT_MAX_LENGTH,
  textSchema,
} from './fields';
import { filterCriteriaShape, filterRangesRule } from './filters';
import { named } from './schema-names';

/** Media addresses: under /media (ours) or the source's link. */
const MediaUrlSchema = answerText(URL_MAX_LENGTH);
/** A photo's or video's caption. */
const MediaTitleSchema = answerText(NAME_MAX_LENGTH);

export const PhotoMediaFileSchema = named(
  'PhotoMediaFile',
  z.object({
    type: z.literal('photo'),
    url: MediaUrlSchema,
    url_sm: MediaUrlSchema,
    title: MediaTitleSchema.nullable().optional(),
  }),
);
export const VideoMediaFileSchema = named(
  'VideoMediaFile',
  z.object({
    type: z.literal('video'),
    src: MediaUrlSchema,
    poster: MediaUrlSchema.nullable(),
    title: MediaTitleSchema.nullable().optional(),
  }),
);
export const MediaFileSchema = named(
  'MediaFile',
  z.discriminatedUnion('type', [PhotoMediaFileSchema, VideoMediaFileSchema]),
);

/**
 * The market estimate of a listing (issue 33): the quartiles of comparable listings' prices, their number and the
 * verdict («Хорошая цена», «Цена в рынке», «Выше рынка»); absent or null when there is none.
 */
export const MarketEstimateSchema = named(
  'MarketEstimate',
  z.object({
    verdict: z.enum(MARKET_VERDICTS),
    low: MoneySchema,
    median: MoneySchema,
    high: MoneySchema,
    comparables: CountSchema,
  }),
);
export type MarketEstimate = z.infer<typeof MarketEstimateSchema>;

/**
 * Spec §3 fields, plus brand_id, model_id, city_id (what core's matchFilter reads), mileage and status. `price` is
 * in `currency` (3-letter code, RUB by default); `text` is HTML; channel 'site' marks the product's own listings.
 */
export const PostSchema = named(
  'Post',
  z.object({
    id: IdSchema,
    mark: answerText(REFERENCE_NAME_MAX_LENGTH).nullable(),
    model: answerText(REFERENCE_NAME_MAX_LENGTH).nullable(),
    title: answerText(NAME_MAX_LENGTH),
    year: z.number().int().nullable(),
    price: MoneySchema.nullable(),
    currency: answerText(3),
    mileage: z.number().int().nullable(),
    text: answerText(POST_TEXT_MAX_LENGTH).nullable(),
    location: answerText(REFERENCE_NAME_MAX_LENGTH).nullable(),
    published_at: DateTimeSchema,
    isNew: z.boolean(),
    isUpdated: z.boolean(),
    mediaFiles: answerList(MediaFileSchema, DRAFT_MEDIA_MAX),
    vk_owner_id: z.number().int().nullable(),
    vk_post_id: z.number().int().nullable(),
    hash: answerText(TOKEN_MAX_LENGTH).nullable(),
    url: answerText(URL_MAX_LENGTH).nullable(),
    channel: answerText(TOKEN_MAX_LENGTH),
    message_id: z.number().int().nullable(),
    brand_id: IdSchema.nullable(),
    model_id: IdSchema.nullable(),
    city_id: IdSchema.nullable(),
    status: z.enum(POST_STATUSES),
    market: MarketEstimateSchema.nullable().optional(),
  }),
);
export type Post = z.infer<typeof PostSchema>;

/** The feed's filter: saved-filter criteria (every field optional here) plus the text query. */
const searchShape = {
  ...z.object(filterCriteriaShape).partial().shape,
  search: textSchema({ max: SEARCH_QUERY_MAX_LENGTH }).nullable().optional(),
};

/**
 * Keyset paging (DESIGN §4), order (published_at desc, id desc): older_published_at with olderId asks for the next
 * page; latest_published_at with newestId asks for what is newer than the newest post the client holds.
 */
export const SearchPostsRequestSchema = named(
  'SearchPostsRequest',
  z
    .object({
      ...searchShape,
      latest_published_at: DateTimeSchema.nullable().optional(),
      newestId: IdSchema.nullable().optional(),
      older_published_at: DateTimeSchema.nullable().optional(),
      olderId: IdSchema.nullable().optional(),
    })
    .superRefine(filterRangesRule),
);
export type SearchPostsRequest = z.input<typeof SearchPostsRequestSchema>;

/**
 * meta.total counts the filter's matches, meta.all every visible listing; totalExact / allExact say whether the
 * figure is a count or the planner's estimate (issue 33: the screen shows «≈ 12 300» then).
 */
export const SearchPostsResponseSchema = named(
  'SearchPostsResponse',
  z.object({
    data: answerList(PostSchema, FEED_PAGE_SIZE),
    meta: z.object({
      total: CountSchema,
      all: CountSchema,
      totalExact: z.boolean().optional(),
      allExact: z.boolean().optional(),
    }),
  }),
);

export const CountNewPostsRequestSchema = named(
  'CountNewPostsRequest',
  z.object({ ...searchShape, latest_published_at: DateTimeSchema.nullable() }).superRefine(filterRangesRule),
);
export const CountNewPostsResponseSchema = named('CountNewPostsResponse', z.object({ count: CountSchema }));

export const PostIdParamsSchema = z.object({ id: IdParamSchema });
/**
 * What a completed VIN report says of the listing's car (issue 33), for buyers: never a person, a plate, a policy
 * number or an authority; only counts, years and yes/no. A field is null when its section is not in the report.
 */
export const VinFactsSchema = named(
  'VinFacts',
  z.object({
    owners: z.number().int().nullable(),
    /** Registration periods by year, oldest first; `to` null: still registered. */
    registration_years: answerList(z.object({ from: z.number().int(), to: z.number().int().nullable() }), 50),
    restrictions_found: z.boolean().nullable(),
    osago_active: z.boolean().nullable(),
    /** When the report was ordered. */
    checked_at: DateTimeSchema,
  }),
);
export type VinFacts = z.infer<typeof VinFactsSchema>;

export const GetPostResponseSchema = named(
  'GetPostResponse',
  z.object({ data: PostSchema, vin_facts: VinFactsSchema.nullable().optional() }),
);
export const PostListResponseSchema = named(
  'PostListResponse',
  z.object({ data: answerList(PostSchema, Math.max(FEED_IDS_MAX, FEATURED_POSTS_LIMIT)) }),
);
export const GetNotesRequestSchema = named('GetNotesRequest', z.object({ ids: idListSchema('bigserial') }));
export const FeaturedPostsRequestSchema = named('FeaturedPostsRequest', z.object({}));
export const MyPostsResponseSchema = named(
  'MyPostsResponse',
  z.object({ data: answerList(PostSchema, MY_POSTS_LIMIT), meta: z.object({ count: CountSchema }) }),
);

export const postsEndpoints = {
  search: defineEndpoint({
    method: 'POST',
    path: '/api/posts/search',
    summary: 'Search the feed (delayed 24 h for guests and basic users)',
    auth: 'guest',
    body: SearchPostsRequestSchema,
    responses: { 200: SearchPostsResponseSchema },
  }),
  countNew: defineEndpoint({
    method: 'POST',
    path: '/api/posts/count-new',
    summary: 'Count listings newer than latest_published_at',
    auth: 'guest',
    body: CountNewPostsRequestSchema,
    responses: { 200: CountNewPostsResponseSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/posts/:id',
    summary: 'One listing',
    auth: 'guest',
    params: PostIdParamsSchema,
    responses: { 200: GetPostResponseSchema },
  }),
  /** Server-rendered title, description and Open Graph tags, then the SPA boots (DESIGN §2). */
  page: defineEndpoint({
    method: 'GET',
    path: '/posts/:id',
    summary: 'Listing page with meta tags',
    auth: 'guest',
    params: PostIdParamsSchema,
    html: true,
    responses: { 200: HtmlPageSchema, 404: HtmlPageSchema },
  }),
  /** Landing carousel; the path is the spec's own. */
  featured: defineEndpoint({
    method: 'POST',
    path: '/api/ck00p/posts',
    summary: 'Featured listings for the landing carousel',
    auth: 'guest',
    body: FeaturedPostsRequestSchema,
    responses: { 200: PostListResponseSchema },
  }),
  notes: defineEndpoint({
    method: 'POST',
    path: '/api/notes',
    summary: 'Listings of the given favourite ids',
    auth: 'user',
    body: GetNotesRequestSchema,
    responses: { 200: PostListResponseSchema },
  }),
  my: defineEndpoint({
    method: 'GET',
    path: '/api/posts/my',
    summary: "The user's own listings",
    auth: 'user',
    responses: { 200: MyPostsResponseSchema },
  }),
  unpublish: defineEndpoint({
    method: 'PUT',
    path: '/api/posts/:id/unpublish',
    summary: 'Take a listing off the feed (broadcasts post.unpublished)',
    auth: 'admin',
    params: PostIdParamsSchema,
    responses: { 204: NoBodySchema },
  }),
};
