import { MESSAGES, splitFieldPath, type ValidationResult } from '@autoradar/core';
import { z } from 'zod';

/** Database ids: positive integers. */
export const IdSchema = z.number({ error: MESSAGES.invalidId }).int(MESSAGES.invalidId).positive(MESSAGES.invalidId);

/** Path and query ids arrive as text; the API converts them after validation. */
export const IdParamSchema = z.string().regex(/^[1-9]\d*$/, MESSAGES.invalidId);

/** Comma-separated ids in a query string (`?ids=1,2,3`). */
export const IdListParamSchema = z.string().regex(/^[1-9]\d*(,[1-9]\d*)*$/, MESSAGES.invalidId);

/** Query-string booleans as the spec sends them (`?popular=true`). */
export const BooleanParamSchema = z.enum(['true', 'false'], { error: MESSAGES.invalidValue });

/** Times travel as ISO 8601 strings; an offset is accepted so clients need not convert to UTC. */
export const DateTimeSchema = z.iso.datetime({ offset: true, error: MESSAGES.invalidDate });

/** Money in whole roubles (or whole units of the listing's currency). */
export const MoneySchema = z.number({ error: MESSAGES.invalidValue }).int(MESSAGES.invalidValue);

/** A non-negative count. */
export const CountSchema = z.number().int().nonnegative();

/** Text that must not be blank; the message is the form's own. */
export function requiredText(message: string = MESSAGES.required) {
  return z.string({ error: message }).refine((value) => value.trim() !== '', message);
}

/** No body: 204 answers and redirects. The OpenAPI generator leaves such responses without content. */
export const NoBodySchema = z.void();

/** A server-rendered HTML page. */
export const HtmlPageSchema = z.string();

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
