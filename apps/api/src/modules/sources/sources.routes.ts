import type { FastifyInstance } from 'fastify';
import { contract, SOURCES_LIST_MAX, type Source, type SourcePost } from '@autoradar/contract';
import { formatSourceLink } from '@autoradar/core/source-links';
import type { Db } from '@autoradar/db';
import {
  changeSourcePaused,
  deleteSource,
  getSourceDetail,
  listSourceSummaries,
  registerSource,
  type SourcePostOutcomeRow,
  type SourceSummary,
} from '@autoradar/server/ingest/sources';
import { pathId } from '../../http/http-error';
import { route } from '../../http/route';

// «Источники» (issue 28): the routes only map calls onto the sources service, which the sources CLI calls too.

export interface SourcesRoutesDeps {
  db: Db;
  clock: () => Date;
  /** The scheduler running in this process, if any: an added or resumed source is read at once. */
  wake?: () => void;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSourceAnswer({ source, day }: SourceSummary): Source {
  return {
    id: source.id,
    kind: source.kind,
    read_via: source.readVia,
    identifier: source.identifier,
    link: formatSourceLink(source),
    title: source.title,
    state: source.state,
    last_read_at: iso(source.lastReadAt),
    next_read_at: source.nextReadAt.toISOString(),
    interval_seconds: source.intervalSeconds,
    last_error: source.lastError,
    day,
  };
}

const toPostAnswer = (post: SourcePostOutcomeRow): SourcePost => ({
  message_id: post.messageId,
  outcome: post.outcome,
  post_id: post.postId,
  url: post.url,
  excerpt: post.excerpt,
  seen_at: post.seenAt.toISOString(),
});

export function sourcesRoutes(app: FastifyInstance, deps: SourcesRoutesDeps): void {
  const { db, clock } = deps;
  const sourceId = (text: string) => pathId(text, 'serial');
  route(app, contract.sources.list, async () => ({
    data: (await listSourceSummaries(db, clock())).slice(0, SOURCES_LIST_MAX).map(toSourceAnswer),
  }));
  route(app, contract.sources.get, async ({ params }) => {
    const detail = await getSourceDetail(db, sourceId(params.id), clock());
    return { data: { source: toSourceAnswer(detail), posts: detail.posts.map(toPostAnswer) } };
  });
  route(app, contract.sources.add, async ({ body }) => {
    const added = await registerSource(db, { link: body.link, title: body.title }, clock());
    deps.wake?.();
    return { status: 201, body: { data: toSourceAnswer(added) } };
  });
  route(app, contract.sources.pause, async ({ params }) => ({
    data: toSourceAnswer(await changeSourcePaused(db, sourceId(params.id), true, clock())),
  }));
  route(app, contract.sources.resume, async ({ params }) => {
    const resumed = await changeSourcePaused(db, sourceId(params.id), false, clock());
    deps.wake?.();
    return { data: toSourceAnswer(resumed) };
  });
  route(app, contract.sources.remove, async ({ params }) => {
    await deleteSource(db, sourceId(params.id));
    return { status: 204, body: undefined };
  });
}
