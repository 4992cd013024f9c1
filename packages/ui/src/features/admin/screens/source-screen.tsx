import { useCallback, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { useParams } from 'react-router-dom';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import type { SourceDetail, SourcePost } from '@autoradar/contract';
import { formatNumber } from '@autoradar/core';
import { SOURCE_READ_VIA_LABELS } from '@autoradar/core/source-links';
import { describeOr } from '../../../api/action-errors';
import { useAction } from '../../../api/use-action';
import { useCall } from '../../../api/use-call';
import { Alert } from '../../../components/alert';
import { fetchSource, setSourcePaused } from '../api';
import { AdminPage } from '../components/admin-page';
import { AdminCallView } from '../components/admin-call-view';
import { SectionHeading } from '../components/section-heading';
import { SourcePostOutcomeBadge, SourceStateBadge } from '../components/source-state-badge';
import { formatOrderTime } from '../format';
import { useQuietRefresh } from '../hooks/use-quiet-refresh';
import { adminMessages } from '../messages';
import { sourceFamily } from '../state';
import { postPath, PATHS } from '../../../paths';
import { sourceName, SOURCES_REFRESH_MS } from './sources-screen';
import '../admin.css';

const t = adminMessages.sources;

/** One post of the source: its start, when it was read, and what became of it (with links to it and its listing). */
function SourcePostRow({ post }: { post: SourcePost }) {
  return (
    <Cell
      Component="div"
      className="admin-cell admin-source-post"
      multiline
      subtitle={`${t.message(post.message_id)} · ${formatOrderTime(post.seen_at)}`}
      description={
        // The outcome leads the line under the text: on a phone a badge after the row would sit beside the next post.
        <span className="admin-source__links">
          <SourcePostOutcomeBadge outcome={post.outcome} />
          {post.url ? (
            <a className="admin-link" href={post.url} target="_blank" rel="noopener noreferrer">
              {t.original}
            </a>
          ) : null}
          {post.post_id !== null ? (
            <a className="admin-link" href={postPath(post.post_id)}>
              {t.listing}
            </a>
          ) : null}
        </span>
      }
    >
      <span className="admin-source-post__text">{post.excerpt || t.noText}</span>
    </Cell>
  );
}

function SourceFacts({ detail }: { detail: SourceDetail }) {
  const { source } = detail;
  const rows: [string, ReactNode][] = [
    [t.state, <SourceStateBadge key="state" state={source.state} />],
    [t.kind, `${source.link} · ${SOURCE_READ_VIA_LABELS[source.read_via]}`],
    [t.lastReadAt, source.last_read_at ? formatOrderTime(source.last_read_at) : t.neverRead],
    [t.interval, t.intervalValue(formatNumber(Math.max(1, Math.round(source.interval_seconds / 60))))],
    [t.day, t.dayValue(source.day.read, source.day.published, source.day.rejected)],
  ];
  if (source.last_error)
    rows.push([
      t.lastError,
      <span key="error" className="admin-source__error">
        {source.last_error}
      </span>,
    ]);
  return (
    <dl className="admin-facts admin-source-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="admin-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /sources/:id (issue 28): a source's state and its latest posts, each rejected one with why. */
export function SourceScreen() {
  const { id = '' } = useParams();
  const callAtom = sourceFamily(id);
  const { state, retry } = useCall(callAtom);
  const dispatch = useSetAtom(callAtom);
  const load = useCallback((signal: AbortSignal) => fetchSource(id, signal), [id]);
  useQuietRefresh(callAtom, load, SOURCES_REFRESH_MS);
  const detail = state.kind === 'loaded' ? state.data : null;
  const paused = detail?.source.state === 'paused';
  const toggle = useAction(() => setSourcePaused(Number(id), !paused), describeOr(t.actionFailed));
  return (
    <AdminPage
      title={detail ? sourceName(detail.source) : t.detailTitle}
      back={PATHS.sources}
      wide
      actions={
        detail ? (
          <Button
            size="m"
            mode="bezeled"
            loading={toggle.state.kind === 'pending'}
            onClick={() => {
              void toggle.start().then((result) => {
                if (result.ok) dispatch({ type: 'update', update: (shown) => ({ ...shown, source: result.value }) });
              });
            }}
          >
            {paused ? t.resume : t.pause}
          </Button>
        ) : null
      }
    >
      <Alert message={toggle.state.kind === 'failed' ? toggle.state.message : null} />
      <AdminCallView state={state} retry={retry}>
        {(loaded) => (
          <>
            <Section className="admin-section admin-source-summary">
              <SourceFacts detail={loaded} />
            </Section>
            <Section className="admin-section" header={<SectionHeading>{t.posts}</SectionHeading>}>
              {loaded.posts.length === 0 ? (
                <p className="admin-empty">{t.noPosts}</p>
              ) : (
                loaded.posts.map((post) => <SourcePostRow key={post.message_id} post={post} />)
              )}
            </Section>
          </>
        )}
      </AdminCallView>
    </AdminPage>
  );
}
