import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HtmlPageSchema } from '@autoradar/contract';
import { describeEachDb } from '@autoradar/db/testing/test-db';
import { operations, type Operation } from './operations';
import {
  badRequestArb,
  describeValue,
  mutationClasses,
  resolveRequest,
  systematicRequests,
  type BadRequest,
  type ResolvedRequest,
} from './requests';
import { createWorld, type Answer, type RoleName, type World } from './world';

// The property every operation must hold, whatever it is sent, as every role it allows:
// - never a 5xx, never a hang;
// - every 4xx is the error envelope { message, errors? } with Russian text (an HTML page where the contract says so);
// - a refused request changes nothing in the database;
// - after an accepted write, every read that shows it answers (lists with a 2xx, single items with a 2xx or a 404).

export const DEFAULT_SEED = 20_260_419;
export const DEFAULT_RUNS = 200;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
};
export const SEED = envNumber('BAD_INPUT_SEED', DEFAULT_SEED);
export const RUNS = envNumber('BAD_INPUT_RUNS', DEFAULT_RUNS);
/** Only operations whose name contains one of these comma-separated texts (replaying a failure, a deeper search). */
const ONLY = process.env.BAD_INPUT_ONLY ?? '';
const selectedByOnly = (op: Operation) => ONLY.split(',').some((part) => op.name.includes(part.trim()));

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const RESULTS_DIR = path.join(repoRoot, 'test-results', 'bad-input');

const CYRILLIC = /[А-Яа-яЁё]/;

export type FailureKind = '5xx' | 'hang' | 'envelope' | 'refused write changed data' | 'read-back';

export interface Failure {
  kind: FailureKind;
  op: string;
  roles: Set<RoleName>;
  status: number;
  labels: string[];
  sent: Answer['sent'];
  answer: string;
  detail: string;
  run: number;
  count: number;
}

export interface OpStats {
  runs: number;
  requests: number;
  statuses: Record<string, number>;
  acceptedWrites: number;
  reads: number;
  ms: number;
}

/** The operation's own seed: the same seed replays the same requests even when run alone. */
export function seedFor(op: string, seed = SEED): number {
  let h = seed >>> 0;
  for (const ch of op) h = (Math.imul(h ^ ch.charCodeAt(0), 0x01000193) + 0x9e3779b9) >>> 0;
  return h | 0;
}

/** What is wrong with a 4xx answer, or null. */
export function envelopeProblem(op: Operation, answer: Answer): string | null {
  if (answer.status < 400 || answer.status >= 500) return null;
  // Pages may answer with an HTML page where the contract declares one; the envelope is right everywhere.
  if (answer.contentType.startsWith('text/html') && op.entry.endpoint.responses[answer.status] === HtmlPageSchema) {
    return CYRILLIC.test(answer.body) ? null : 'HTML error page without Russian text';
  }
  if (!answer.contentType.includes('application/json')) return `content-type "${answer.contentType}", not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body is not an object';
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'errors');
  if (extra.length > 0) return `keys outside the envelope: ${extra.join(', ')}`;
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message !== 'string') return 'no message';
  if (!CYRILLIC.test(message)) return `message not in Russian: ${JSON.stringify(message)}`;
  if (errors !== undefined) {
    if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return 'errors is not an object';
    for (const [key, list] of Object.entries(errors)) {
      if (!Array.isArray(list) || list.some((m) => typeof m !== 'string'))
        return `errors.${key} is not a list of texts`;
      const english = (list as string[]).find((m) => !CYRILLIC.test(m));
      if (english !== undefined) return `errors.${key} not in Russian: ${JSON.stringify(english)}`;
    }
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until nothing in the background (the report queue, live events) has written for a while. */
async function settle(world: World, quietMs = 250, maxMs = 5_000): Promise<number> {
  let last = await world.snapshot();
  let quietSince = Date.now();
  const started = Date.now();
  while (Date.now() - quietSince < quietMs && Date.now() - started < maxMs) {
    await sleep(50);
    const next = await world.snapshot();
    if (next !== last) {
      last = next;
      quietSince = Date.now();
    }
  }
  return last;
}

const opNamed = (name: string) => operations().find((op) => op.name === name)!;

/** Reads that show what the product stores: the feed, a listing, my listings, the draft, the filters, the user. */
const SHOWCASE_READS = ['posts.search', 'posts.my', 'drafts.create', 'filters.list', 'user.data'];

class Recorder {
  failures = new Map<string, Failure>();
  readBackKinds = new Set<string>();
  stats: OpStats = { runs: 0, requests: 0, statuses: {}, acceptedWrites: 0, reads: 0, ms: 0 };

  count(answer: Answer) {
    const key = answer.timedOut ? 'hang' : String(answer.status);
    this.stats.statuses[key] = (this.stats.statuses[key] ?? 0) + 1;
  }

  fail(f: Omit<Failure, 'roles' | 'count'> & { role: RoleName }) {
    // One entry per cause: a framework answer by its status and problem, anything else by what was sent.
    const labels = f.labels.filter((l) => l !== FROM_EXAMPLE);
    const cause = f.kind === 'envelope' ? codeOf(f.answer) : labels.join(' & ');
    const key = `${f.kind}|${f.status}|${f.detail.slice(0, 80)}|${cause}`;
    const found = this.failures.get(key);
    if (found) {
      found.roles.add(f.role);
      found.count += 1;
      // Keep the shortest request as the example.
      if (f.sent.url.length + f.sent.body.length < found.sent.url.length + found.sent.body.length) {
        Object.assign(found, { sent: f.sent, labels: f.labels, answer: f.answer, run: f.run });
      }
      return;
    }
    const { role, ...rest } = f;
    this.failures.set(key, { ...rest, roles: new Set([role]), count: 1 });
  }
}

const FROM_EXAMPLE = '(from the example)';

/** The framework's error code in an answer ("FST_ERR_BAD_URL"), or the status line of it. */
function codeOf(answer: string): string {
  return /FST_[A-Z_]+/.exec(answer)?.[0] ?? answer.replace(/\d+/g, '#').slice(0, 60);
}

const emptyRequest = (): ResolvedRequest => ({
  params: {},
  rawParams: {},
  query: {},
  body: undefined,
  hasBody: false,
  headers: {},
  asForm: false,
});

async function readBack(
  world: World,
  recorder: Recorder,
  write: Operation,
  role: RoleName,
  answer: Answer,
  labels: string[],
  run: number,
) {
  /** A read after the write that did not answer as it should. */
  const readBackFailed = (status: number, what: string, detail: string) =>
    recorder.fail({
      kind: 'read-back',
      op: write.name,
      role,
      status,
      labels,
      sent: answer.sent,
      answer: what,
      detail,
      run,
    });
  let written: Record<string, unknown> = {};
  try {
    written = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // Redirects and pages: nothing to follow.
  }
  const reads: { op: Operation; params?: Record<string, string> }[] = SHOWCASE_READS.map((name) => ({
    op: opNamed(name),
  }));
  // A sign-in's token (in the body, or in a redirect's fragment) reads back the user it made or found.
  const token =
    typeof written.token === 'string'
      ? written.token
      : /#token=([^&]+)/.exec(answer.location ?? '')?.[1]?.replace(/%[0-9A-F]{2}/gi, (m) => decodeURIComponent(m));
  if (token) {
    const res = await world.send(
      opNamed('user.data'),
      { ...emptyRequest(), headers: { authorization: `Bearer ${token}` } },
      'guest',
    );
    recorder.stats.reads += 1;
    if (res.status !== 200) {
      readBackFailed(
        res.status,
        `then GET /api/user/data with the new token: ${describeValue(res.body, 300)}`,
        `user.data answered ${res.status} for the signed-in user`,
      );
    }
  }
  const postId = typeof written.post_id === 'number' ? written.post_id : undefined;
  if (postId) {
    reads.push({ op: opNamed('posts.get'), params: { id: String(postId) } });
    reads.push({ op: opNamed('posts.page'), params: { id: String(postId) } });
  }
  for (const op of operations()) {
    if (
      op.entry.group === write.entry.group &&
      op.method === 'GET' &&
      !op.redirect &&
      !SHOWCASE_READS.includes(op.name)
    )
      reads.push({ op });
  }
  // The writer reads everything back; a guest reads the public listing pages. A write that signed the role out
  // (logout) is read back by a guest only; the role is made again afterwards.
  const signedIn = role === 'guest' || (await world.send(opNamed('user.data'), emptyRequest(), role)).status === 200;
  for (const read of reads) {
    const readers: RoleName[] = signedIn ? [role] : [];
    if (read.op.entry.group === 'posts' && read.op.entry.auth === 'guest') readers.push('guest');
    const asRoles = [...new Set(readers)].filter((r) => world.allowedRoles(read.op).includes(r));
    for (const readRole of asRoles) {
      const example = await world.example(read.op, readRole);
      if (read.op.pathParams.length > 0 && !read.params && !example?.params) continue;
      const request: ResolvedRequest = {
        params: { ...(example?.params ?? {}), ...(read.params ?? {}) },
        rawParams: {},
        query: example?.query ?? {},
        body: read.op.body ? (read.op.name === 'posts.search' ? {} : example?.body) : undefined,
        hasBody: read.op.body !== undefined,
        headers: example?.headers ?? {},
        asForm: false,
      };
      const res = await world.send(read.op, request, readRole);
      recorder.stats.reads += 1;
      const list = read.op.pathParams.length === 0;
      const problem = res.timedOut
        ? 'hung'
        : res.status >= 500
          ? `answered ${res.status}`
          : list && (res.status < 200 || res.status >= 300)
            ? `answered ${res.status} (a list must answer 2xx)`
            : envelopeProblem(read.op, res);
      if (problem) {
        readBackFailed(
          res.status,
          `then ${res.sent.method} ${res.sent.url} as ${readRole}: ${describeValue(res.body, 300)}`,
          `${read.op.name} ${problem}`,
        );
      }
    }
  }
}

/** With two mutations, finds the one that alone still gets a 5xx, so that a report names the cause. */
async function smallest<B extends { labels: string[]; sent: Answer['sent'] }>(
  world: World,
  op: Operation,
  request: BadRequest,
  example: Awaited<ReturnType<World['example']>>,
  role: RoleName,
  base: B,
): Promise<B> {
  if (request.mutations.length < 2) return base;
  for (const mutation of request.mutations) {
    const single = resolveRequest(op, { ...request, mutations: [mutation] }, example);
    const again = await world.send(op, single, role);
    if (again.status >= 500) {
      return {
        ...base,
        labels: [...base.labels.filter((l) => l === FROM_EXAMPLE), mutation.label],
        sent: again.sent,
      };
    }
  }
  return base;
}

async function fireOnce(
  world: World,
  recorder: Recorder,
  op: Operation,
  request: BadRequest,
  role: RoleName,
  run: number,
  allowed: boolean,
) {
  const labels = request.mutations.map((m) => m.label);
  if (request.useExample && world.hasExample(op)) labels.unshift(FROM_EXAMPLE);
  const made = world.examplesMade;
  const example = await world.example(op, role);
  const resolved = resolveRequest(op, request, example);
  // The counters after the last request still hold, unless making the example wrote something.
  const before =
    world.examplesMade === made && world.lastSnapshot !== undefined ? world.lastSnapshot : await world.snapshot();
  const answer = await world.send(op, resolved, role);
  recorder.stats.requests += 1;
  recorder.count(answer);
  const base = { op: op.name, role, status: answer.status, labels, sent: answer.sent, run };
  const shownAnswer = describeValue(answer.body, 400);
  if (answer.timedOut || answer.status >= 500) world.lastSnapshot = undefined;
  if (answer.timedOut) {
    recorder.fail({ ...base, kind: 'hang', answer: '', detail: `no answer in ${20} s` });
    return;
  }
  if (answer.status >= 500) {
    recorder.fail({
      ...(await smallest(world, op, request, example, role, base)),
      kind: '5xx',
      answer: shownAnswer,
      detail: '',
    });
    return;
  }
  const problem = envelopeProblem(op, answer);
  if (problem) recorder.fail({ ...base, kind: 'envelope', answer: shownAnswer, detail: problem });

  const after = await world.snapshot();
  world.lastSnapshot = after;
  const changed = await world.changedTables(before, after);
  if (answer.status >= 400) {
    if (changed.length === 0) return;
    world.lastSnapshot = undefined;
    // Something in the background may have written meanwhile: wait for quiet and ask again, twice; only a change
    // that every quiet repetition makes counts.
    let stillChanged: string[] = changed;
    for (let attempt = 0; attempt < 2 && stillChanged.length > 0; attempt++) {
      const quiet = await settle(world);
      const again = await world.send(op, resolved, role);
      stillChanged = again.status >= 400 ? await world.changedTables(quiet, await world.snapshot()) : [];
    }
    if (stillChanged.length > 0) {
      recorder.fail({
        ...base,
        kind: 'refused write changed data',
        answer: shownAnswer,
        detail: `changed: ${stillChanged.join(', ')}`,
      });
    }
    return;
  }
  if (!allowed || changed.length === 0) return;
  recorder.stats.acceptedWrites += 1;
  world.invalidateExamples();
  world.lastSnapshot = undefined;
  // Each kind of accepted write is read back once per role: the same mutation accepted again shows nothing new, and
  // a changed query, header or path form stores the same data as the plain request.
  const shaping = request.mutations.filter(
    (m) => !(m.kind === 'header' || m.kind === 'path-param' || ('target' in m && m.target === 'query')),
  );
  const kind = `${role}|${shaping.map((m) => m.label).join(' & ')}`;
  if (recorder.readBackKinds.has(kind)) {
    await world.checkRole(role);
    return;
  }
  recorder.readBackKinds.add(kind);
  await readBack(world, recorder, op, role, answer, labels, run);
  await world.checkRole(role);
}

/**
 * README's test command sends RUNS requests per operation, shared between the two databases (issue 19: at least 200
 * per endpoint): each target runs its half with its own seed, and the fixed part of each reaches its own share of
 * the ordinary mutation classes after all the priority ones.
 */
export function shareOfRuns(target: 'pglite' | 'postgres', runs = RUNS) {
  const part = target === 'pglite' ? 0 : 1;
  return { part, parts: 2, runs: part === 0 ? Math.ceil(runs / 2) : Math.floor(runs / 2) };
}

export async function fuzzOperation(
  world: World,
  op: Operation,
  runs = RUNS,
  seed = seedFor(op.name),
  share: { part: number; parts: number } = { part: 0, parts: 1 },
) {
  const recorder = new Recorder();
  const started = Date.now();
  let run = 0;
  const allowed = world.allowedRoles(op);
  // About half of a run aims one request at each kind of trouble; the rest is random.
  const fixed = systematicRequests(op, world.hasExample(op), seed, Math.floor(runs / 2), share.part, share.parts);
  await fc.assert(
    fc.asyncProperty(badRequestArb(op, world.hasExample(op)), async (request) => {
      run += 1;
      recorder.stats.runs += 1;
      for (const role of world.allowedRoles(op)) await fireOnce(world, recorder, op, request, role, run, true);
      const denied = world.deniedRole(op);
      if (request.alsoDenied && denied) await fireOnce(world, recorder, op, request, denied, run, false);
    }),
    { seed, numRuns: runs, endOnFailure: true, examples: fixed.map((request) => [request] as [BadRequest]) },
  );
  recorder.stats.ms = Date.now() - started;
  return { recorder, allowed, seed };
}

export function formatFailures(op: Operation, seed: number, failures: Failure[], target: string): string {
  const lines = [
    `${failures.length} distinct failure(s) in ${op.name} (${op.method} ${op.path}) on ${target}; reproduce with ` +
      `BAD_INPUT_RUNS=${RUNS} BAD_INPUT_SEED=${SEED} BAD_INPUT_ONLY=${op.name} (operation seed ${seed})`,
  ];
  for (const f of failures.slice(0, 25)) {
    lines.push(
      `- [${f.kind}] ${f.status || 'no answer'} as ${[...f.roles].join('/')} (run ${f.run}, ${f.count}×): ${f.labels.join(' & ') || 'valid request'}`,
      `    ${f.sent.method} ${describeValue(f.sent.url, 200)}${f.sent.body ? `\n    body: ${describeValue(f.sent.body, 300)}` : ''}`,
      `    ${f.detail ? `${f.detail}; ` : ''}answer: ${f.answer}`,
    );
  }
  if (failures.length > 25) lines.push(`… and ${failures.length - 25} more`);
  return lines.join('\n');
}

/** One test file: a shard of the operations, on both databases. */
export function runBadInputSuite(shard: string, ops: Operation[]) {
  const selected = ops.filter(selectedByOnly);
  if (selected.length === 0) {
    // Replaying one operation (BAD_INPUT_ONLY): this file has none of it, so no database is made.
    describe(`bad input: ${shard}`, () => {
      it(`runs nothing: no operation here matches BAD_INPUT_ONLY=${ONLY}`, () => expect(selected).toHaveLength(0));
    });
    return;
  }
  describeEachDb(`bad input: ${shard}`, (getDb, target) => {
    let world: World;
    const report: Record<
      string,
      OpStats & { allowed: RoleName[]; failures: number; classes: number; mutations: number }
    > = {};
    beforeAll(async () => {
      console.log(
        `bad-input ${shard} [${target.name}]: seed ${SEED}, ${shareOfRuns(target.name).runs} of ${RUNS} runs per operation`,
      );
      world = await createWorld(getDb(), target.name, selected);
    });
    afterAll(async () => {
      await world?.close();
      mkdirSync(RESULTS_DIR, { recursive: true });
      writeFileSync(
        path.join(RESULTS_DIR, `${shard}-${target.name}.json`),
        JSON.stringify(
          { shard, target: target.name, seed: SEED, runs: shareOfRuns(target.name).runs, ops: report },
          null,
          1,
        ),
      );
      const rows = Object.entries(report).map(
        ([name, s]) =>
          `${name.padEnd(26)} ${String(s.requests).padStart(6)} req ${String(s.ms).padStart(7)} ms  ` +
          Object.entries(s.statuses)
            .map(([k, n]) => `${k}:${n}`)
            .join(' '),
      );
      console.log(`bad-input ${shard} [${target.name}] seed ${SEED}\n${rows.join('\n')}`);
    });
    for (const op of selected) {
      it(
        op.name,
        async () => {
          const share = shareOfRuns(target.name);
          const { recorder, allowed, seed } = await fuzzOperation(
            world,
            op,
            share.runs,
            seedFor(op.name) + share.part,
            share,
          );
          const failures = [...recorder.failures.values()];
          const classes = mutationClasses(op);
          report[op.name] = {
            ...recorder.stats,
            allowed,
            failures: failures.length,
            classes: classes.length,
            mutations: classes.reduce((n, c) => n + c.mutations.length, 0),
          };
          if (failures.length > 0) {
            const text = formatFailures(op, seed, failures, target.name);
            mkdirSync(RESULTS_DIR, { recursive: true });
            writeFileSync(path.join(RESULTS_DIR, `failures-${op.name}-${target.name}.txt`), text);
            expect.fail(text);
          }
          expect(recorder.stats.runs).toBe(share.runs);
        },
        Math.max(300_000, RUNS * 1_500),
      );
    }
    // Issue 31: whatever the requests held, no token, initData, hash, secret, phone or e-mail is in a line the API
    // logged (at production's `info`).
    it('logs no secret it was sent or given', () => {
      expect(world.logLines()).toBeGreaterThan(0);
      expect(world.logLeaks()).toEqual([]);
    });
  });
}
