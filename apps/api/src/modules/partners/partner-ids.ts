import { notFound } from '../../http/http-error';

const INT4_MAX = 2_147_483_647;

/**
 * Path ids arrive as digit strings (the contract's IdParamSchema); one beyond the column's range names nothing, so it
 * is a 404 here rather than a database error.
 */
export function toRowId(param: string, max: 'int' | 'bigint' = 'int'): number {
  const id = Number(param);
  if (!Number.isSafeInteger(id) || (max === 'int' && id > INT4_MAX)) throw notFound();
  return id;
}
