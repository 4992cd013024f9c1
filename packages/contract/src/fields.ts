import {
  FEED_IDS_MAX,
  hasForbiddenChars,
  LISTING_PRICE_MAX,
  MESSAGES,
  MILEAGE_MAX,
  POSITION_MAX,
  PRICE_MAX,
  PRICE_MIN,
  splitFieldPath,
  stripForbiddenChars,
  YEAR_INPUT_MAX,
  YEAR_MIN,
  type ValidationResult,
} from '@autoradar/core';
import { z } from 'zod';
import { ID_MAX, ID_TEXT, parseId, parseIdList, type IdKind } from './ids';

export * from './ids';

const idNumber = (kind: IdKind) =>
  z
    .number({ error: MESSAGES.invalidId })
    .int(MESSAGES.invalidId)
    .min(1, MESSAGES.invalidId)
    .max(ID_MAX[kind], MESSAGES.invalidId);

/** Body ids of bigserial rows (posts, drafts, filters, media, contacts, users, orders). */
export const IdSchema = idNumber('bigserial');
/** Body ids of serial rows (brands, models, generations, configurations, cities, partners, prompts). */
export const SerialIdSchema = idNumber('serial');

/** The most digits an id of this kind has (16 for bigserial, 10 for serial). */
export const idTextMaxLength = (kind: IdKind) => String(ID_MAX[kind]).length;

const idText = (kind: IdKind) =>
  z
    .string({ error: MESSAGES.invalidId })
    .max(idTextMaxLength(kind), MESSAGES.invalidId)
    .refine((text) => parseId(text, kind) !== null, MESSAGES.invalidId)
    .meta({ pattern: ID_TEXT.source, description: `A positive integer up to ${ID_MAX[kind]}` });

/** Path and query ids arrive as text; the API reads the number with parseId. */
export const IdParamSchema = idText('bigserial');
export const SerialIdParamSchema = idText('serial');

const idListText = (kind: IdKind) =>
  z
    .string({ error: MESSAGES.invalidId })
    .max(FEED_IDS_MAX * 17, MESSAGES.invalidId)
    .refine((text) => (parseIdList(text, kind)?.length ?? Infinity) <= FEED_IDS_MAX, MESSAGES.invalidId);

/** Comma-separated serial ids in a query string (`?ids=1,2,3`), at most FEED_IDS_MAX of them. */
export const SerialIdListParamSchema = idListText('serial');

/** A list of body ids with a maximum length. */
export function idListSchema(kind: IdKind, max: number = FEED_IDS_MAX) {
  return z.array(idNumber(kind), { error: MESSAGES.invalidValue }).max(max, MESSAGES.maxItems(max));
}

export interface IntBounds {
  min: number;
  max: number;
  /** One message for every refusal (not a whole number, below min, above max). */
  message?: string;
  /** The message below min; "Не меньше …" by default. */
  minMessage?: string;
}

/**
 * A whole number within bounds. Every number of a request uses it (directly or through the schemas below), so each
 * bound is readable from the schema: the column check in apps/api/src/http compares them with the columns.
 */
export function intSchema({ min, max, message, minMessage }: IntBounds) {
  return (
    z
      .number({ error: MESSAGES.invalidValue })
      .min(min, message ?? minMessage ?? MESSAGES.minValue(min))
      .max(max, message ?? MESSAGES.maxValue(max))
      // Not zod's int(): 2^53 + 1 is "too large", not also "not whole" (every bound is below 2^53, so within bounds
      // isInteger means a safe integer). No check aborts, so an object's core rule still runs on the other fields.
      .refine(Number.isInteger, message ?? MESSAGES.invalidValue)
      .meta({ type: 'integer' })
  );
}

/** A listing's price and mileage: above zero (spec §5) and no more than a real vehicle has. */
export const ListingPriceSchema = intSchema({ min: 1, max: LISTING_PRICE_MAX, minMessage: MESSAGES.mustBePositive });
export const MileageSchema = intSchema({ min: 1, max: MILEAGE_MAX, minMessage: MESSAGES.mustBePositive });
/** A filter's price bound, 0 to PRICE_MAX (spec §5). */
export const PriceBoundSchema = intSchema({ min: PRICE_MIN, max: PRICE_MAX, message: MESSAGES.priceOutOfRange });
/** A year: YEAR_MIN to YEAR_INPUT_MAX here; core's isValidYear adds "not after the current year" per request. */
export const YearSchema = intSchema({ min: YEAR_MIN, max: YEAR_INPUT_MAX, message: MESSAGES.invalidYear });
/** A display position, 0 first. */
export const PositionSchema = intSchema({ min: 0, max: POSITION_MAX });

export interface TextOptions {
  max: number;
  /** Refuse text that is empty after trimming, with this message (MESSAGES.required by default). */
  required?: boolean | string;
}

/**
 * User text: refuses the characters core's hasForbiddenChars finds (PostgreSQL refuses NUL; the others garble text),
 * trims, and caps the length after trimming. Every string field of a request uses it.
 */
export function textSchema({ max, required = false }: TextOptions) {
  const requiredMessage = typeof required === 'string' ? required : MESSAGES.required;
  const base = z
    .string({ error: (issue) => (required && issue.input === undefined ? requiredMessage : MESSAGES.invalidValue) })
    .refine((text) => !hasForbiddenChars(text), MESSAGES.forbiddenChars)
    .trim()
    .max(max, MESSAGES.maxLength(max));
  return required ? base.min(1, requiredMessage) : base;
}

/**
 * Text we cannot refuse because another service wrote it (names from Telegram or Yandex): the forbidden characters
 * are dropped instead, then the text is trimmed and cut to `max`.
 */
export function foreignTextSchema({ max }: { max: number }) {
  return z
    .string({ error: MESSAGES.invalidValue })
    .overwrite(stripForbiddenChars)
    .trim()
    .overwrite((text) => (text.length > max ? stripForbiddenChars(text.slice(0, max)) : text));
}

/** Query-string booleans as the spec sends them (`?popular=true`). */
export const BooleanParamSchema = z.enum(['true', 'false'], { error: MESSAGES.invalidValue });

/**
 * The longest ISO 8601 time the schema below accepts: `2026-04-19T12:34:56.123456789+03:00` is 35 characters; 40
 * leaves room without letting a megabyte reach the format check.
 */
export const DATE_TIME_MAX_LENGTH = 40;

/** Times travel as ISO 8601 strings; an offset is accepted so clients need not convert to UTC. */
export const DateTimeSchema = z.iso
  .datetime({ offset: true, error: MESSAGES.invalidDate })
  .max(DATE_TIME_MAX_LENGTH, MESSAGES.invalidDate);

/** Money in whole roubles (or whole units of the listing's currency), as stored: within int8's safe range. */
export const MoneySchema = z.number({ error: MESSAGES.invalidValue }).int(MESSAGES.invalidValue);

/** A non-negative count. */
export const CountSchema = z.number().int().nonnegative();

/** No body: 204 answers and redirects. The OpenAPI generator leaves such responses without content. */
export const NoBodySchema = z.void();

// Bounds of what answers carry (issue 31). Requests are checked against their bounds; answers are not re-checked on
// the way out (a bound tightened later must not make stored rows unservable, as with the stored filter criteria), so
// these state the ceiling the writers keep: the request bounds, the server's own formats, or the source's limits.

/** A Russian message the server writes (errors, confirmations); the longest is a few hundred characters. */
export const MESSAGE_MAX_LENGTH = 1_000;
/**
 * Names in answers: reference names (100), listing titles, and user names, which the API caps at this when it stores
 * them (packages/server/src/users/profile-text.ts).
 */
export const NAME_MAX_LENGTH = 255;
/** RFC 5321's longest deliverable address; longer ones are not stored. */
export const EMAIL_MAX_LENGTH = 254;
/**
 * A listing's text as served: HTML of a Telegram post (4 096 characters plus the markup of its entities), a VK post
 * (up to about 16 000 characters) or an own listing's description (500).
 */
export const POST_TEXT_MAX_LENGTH = 100_000;
/** A server-rendered page (the API reference page is the largest, about 300 KB). */
export const HTML_PAGE_MAX_LENGTH = 4_194_304;
/** A Location header: a path or URL (2 048) with the sign-in token or error added in its fragment. */
export const LOCATION_MAX_LENGTH = 4_096;
/** Field paths of the error envelope (`contacts.0.value`) and messages per field. */
export const FIELD_PATH_MAX_LENGTH = 200;
export const FIELD_MESSAGES_MAX = 20;

/**
 * A string of an answer with the ceiling its writers keep (see above): stated in the OpenAPI document as maxLength.
 * Not checked when the answer is sent.
 */
export function answerText(max: number) {
  return z.string().meta({ maxLength: max });
}

/** A list of an answer with the most items its writer puts in it: stated as maxItems, not checked when sent. */
export function answerList<T extends z.ZodType>(item: T, max: number) {
  return z.array(item).meta({ maxItems: max });
}

/** A server-rendered HTML page. */
export const HtmlPageSchema = answerText(HTML_PAGE_MAX_LENGTH);

/**
 * Runs a core rule inside a schema so the contract never restates it: every field error of the rule becomes a zod
 * issue at that field's path, with the rule's Russian message.
 */
export function coreRule<T>(validate: (value: T) => ValidationResult) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const [path, message] of Object.entries(validate(value).errors)) {
      ctx.addIssue({ code: 'custom', message, path: splitFieldPath(path) });
    }
  };
}
