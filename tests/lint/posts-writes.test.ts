import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 27: the listing lifecycle (packages/server/src/listings/) is the one writer of `posts`, so one rule decides what
// a publish, an update or an unpublish does and what each announces. This fails when any other file writes the table:
// through drizzle (`.insert(posts)`, `.update(posts)`, `.delete(posts)`) or in SQL text (`insert into posts`,
// `update posts set`, `delete from posts`, `truncate … posts`). Test fixtures write through the same module
// (listings/testing/listing-fixtures.ts); the one exception is listed below with its reason.

const root = path.resolve(import.meta.dirname, '../..');
const OWNER = 'packages/server/src/listings/';

/** Files that may write `posts` although they live elsewhere, each with why. */
const EXCEPTIONS: Record<string, string> = {
  // The table's own CHECK constraints, tested in SQL below any application code; packages/db cannot import server.
  'packages/db/src/schema/range-checks.test.ts': 'checks the CHECK constraints of the table itself',
  // This file: its examples below are writes on purpose.
  'tests/lint/posts-writes.test.ts': 'the examples of this check',
};

const POSTS = String.raw`(?:"?posts"?|\$\{\s*posts\s*\})`;
const WRITES: RegExp[] = [
  /\.(?:insert|update|delete)\(\s*posts\s*,?\s*\)/,
  new RegExp(String.raw`\binsert\s+into\s+${POSTS}(?![\w.])`, 'i'),
  new RegExp(String.raw`\bupdate\s+${POSTS}\s+set\b`, 'i'),
  new RegExp(String.raw`\bdelete\s+from\s+${POSTS}(?![\w.])`, 'i'),
  new RegExp(String.raw`\btruncate\s+(?:table\s+)?(?:[\w"]+\s*,\s*)*${POSTS}(?![\w.])`, 'i'),
];

/** The lines of `source` that write `posts`, as `line: text`. */
function postsWrites(source: string): string[] {
  const found: string[] = [];
  // Across line breaks too (`.insert(\n posts)`, SQL over several lines): match on the text, report the line.
  for (const pattern of WRITES) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const match of source.matchAll(global)) {
      const line = source.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${match[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

const sourceFiles = () =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(
      (file) => /\.(?:[cm]?[jt]sx?)$/.test(file) && !file.includes('node_modules/') && !/(^|\/)dist\//.test(file),
    );

describe('who writes the posts table', () => {
  it('finds the writes it looks for, and not reads or other tables', () => {
    const writes = [
      'await tx.insert(posts).values(row);',
      'db.update(posts).set({ status })',
      'await db\n  .delete(\n    posts,\n  )',
      'sql`insert into posts (channel, title) values (1, 2)`',
      "db.execute(sql`update posts set status = 'unpublished'`)",
      'sql`UPDATE "posts" SET title = \'x\'`',
      'sql`delete from ${posts} where id = 1`',
      'client.query(`insert into posts (a)\n select 1`)',
      "client.query('truncate table users, posts cascade')",
    ];
    for (const code of writes) expect(postsWrites(code), code).toHaveLength(1);
    const others = [
      'db.select().from(posts).where(eq(posts.id, 1))',
      'tx.insert(postMedia).values(media)',
      'tx.insert(postPrices).values(price)',
      'sql`insert into post_prices (post_id) select id from posts`',
      'sql`update posts_archive set x = 1`',
      '// the worker wakes when listings update; posts are read here',
      "sql`select count(*) from posts where status = 'published'`",
    ];
    for (const code of others) expect(postsWrites(code), code).toEqual([]);
  });

  it('is written only by packages/server/src/listings/', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      if (file.startsWith(OWNER) || file in EXCEPTIONS) continue;
      const writes = postsWrites(readFileSync(path.join(root, file), 'utf8'));
      offenders.push(...writes.map((write) => `${file}:${write}`));
    }
    expect(
      offenders,
      'write posts through packages/server/src/listings/ (listing-lifecycle.ts, seed-listings.ts)',
    ).toEqual([]);
  });
});
