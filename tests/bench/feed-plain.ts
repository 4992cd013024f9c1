// The benchmark's ceiling for the feed (issue 21): a plain Fastify + pg process serving the same SQL the API runs,
// prepared by the benchmark for each body of the distinct mix (page, then the capped count when the API would
// count), with nothing else: no validation, no ORM, no contract, rows sent as pg returns them.
// Run by feed.bench.ts: `node --import tsx bench/feed-plain.ts <statements.json> <port>`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The API's own copies of Fastify and pg (the tests package does not depend on them itself).
const requireFromApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const requireFromDb = createRequire(new URL('../../packages/db/package.json', import.meta.url));
interface Pool {
  query<R>(text: string, params: unknown[]): Promise<{ rows: R[] }>;
}
interface App {
  post(path: string, handler: () => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
}
const Fastify = requireFromApi('fastify') as (options: { logger: boolean }) => App;
const pg = requireFromDb('pg') as { Pool: new (options: { connectionString?: string; max: number }) => Pool };

export interface PlainStatement {
  sql: string;
  params: unknown[];
}

/** A body's statements: the page, and the capped count the API runs unless a first page is not full. */
export interface PlainBody {
  page: PlainStatement;
  count: PlainStatement;
  cursor: boolean;
}

const [file, port] = process.argv.slice(2);
const statements = JSON.parse(readFileSync(file!, 'utf8')) as PlainBody[];
const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 });
const app = Fastify({ logger: false });
let turn = 0;

app.post('/plain', async () => {
  const { page, count, cursor } = statements[turn++ % statements.length]!;
  const { rows } = await pool.query<unknown>(page.sql, page.params);
  let total = rows.length;
  if (cursor || rows.length === 24)
    total = Number((await pool.query<{ n: number }>(count.sql, count.params)).rows[0]?.n);
  return { data: rows, meta: { total } };
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('plain ready');
