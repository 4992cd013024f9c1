import { useParams } from 'react-router-dom';
import { Button, Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { MESSAGES } from '@autoradar/core';
import { LinkButton } from '../../../components/link-button';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { messages } from '../../../messages';
import { usePlatform } from '../../../platform';
import { MediaCarousel } from '../components/media-carousel';
import { PostDetails } from '../components/post-details';
import { PostTopBar } from '../components/post-top-bar';
import { getExternalPostUrl, isOwnPost } from '../external-link';
import { useNow } from '../hooks/now';
import { usePost, type PostState } from '../hooks/post';
import '../post.css';

const t = messages.post;

export interface PostViewProps {
  state: PostState;
  retry: () => void;
  now: Date;
}

function ExternalButton({ url }: { url: string }) {
  const platform = usePlatform();
  return (
    <div className="post-actions">
      <Button
        Component="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="l"
        stretched
        onClick={(event) => {
          event.preventDefault();
          platform.openLink(url);
        }}
      >
        {t.openExternal}
      </Button>
    </div>
  );
}

/** The listing page for a given load state (kept apart from loading so every state can be rendered on its own). */
export function PostView({ state, retry, now }: PostViewProps) {
  switch (state.kind) {
    case 'loading':
      return (
        <div className="post-state" role="status" aria-live="polite">
          <Spinner size="l" />
          <span className="post-state__label">{t.loading}</span>
        </div>
      );
    case 'notFound':
      return (
        <Placeholder className="post-state" header={state.message} action={<LinkButton to="/" size="l">{t.home}</LinkButton>} />
      );
    case 'offline':
    case 'failed':
      return (
        <Placeholder
          className="post-state"
          header={state.kind === 'offline' ? MESSAGES.connectionProblem : state.message}
          action={
            <Button size="l" onClick={retry}>
              {t.retry}
            </Button>
          }
        />
      );
    case 'loaded': {
      const { post } = state;
      const externalUrl = getExternalPostUrl(post);
      return (
        <>
          {post.mediaFiles.length > 0 ? <MediaCarousel files={post.mediaFiles} title={post.title} /> : null}
          <PostDetails post={post} now={now} source={isOwnPost(post) ? undefined : t.source(post.channel)} />
          {externalUrl ? <ExternalButton url={externalUrl} /> : null}
        </>
      );
    }
  }
}

/** The listing page (spec §2, route /posts/:id). */
export function PostScreen() {
  const { id = '' } = useParams();
  const { state, retry } = usePost(id);
  const now = useNow();
  const appName = readAppName();
  useDocumentTitle(state.kind === 'loaded' ? t.documentTitle(state.post.title, appName) : appName);

  return (
    <main className="post-page">
      <PostTopBar />
      <PostView state={state} retry={retry} now={now} />
    </main>
  );
}
