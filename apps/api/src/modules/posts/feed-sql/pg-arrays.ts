// PostgreSQL arrays as the drivers hand them back: node-postgres and PGlite parse int[] into arrays, but pg_stats'
// anyarray columns and arrays cast to text arrive in PostgreSQL's text form.

/**
 * An int[] or float4[] (pg_stats' frequencies): an array from node-postgres and PGlite, or PostgreSQL's text form
 * ({1,2.5}) when cast to text or when a driver differs.
 */
export function parseNumberArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/** A text[] in PostgreSQL's text form: {a,"b c","d\\"e"}. */
export function parseTextArray(value: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"|([^,{}]+)/g;
  for (let m = re.exec(value); m; m = re.exec(value))
    out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!);
  return out;
}
