import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { PostPageData } from '../api';
import { isAdmin } from '@autoradar/core';
import type { CallState } from '../../../api/atom-with-call';
import { CallView } from '../../../api/call-view';
import { useCall } from '../../../api/use-call';
import { LinkButton } from '../../../components/link-button';
import { SupportDialog } from '../../../components/support-dialog/support-dialog';
import { StatusMessage } from '../../../components/status/status';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { PATHS } from '../../../paths';
import { useSession } from '../../../session/hooks';
import { AdminMenu } from '../components/admin-menu';
import { InspectionDialog } from '../components/inspection-dialog';
import { MediaCarousel } from '../components/media-carousel';
import { PostActions } from '../components/post-actions';
import { PostDetails } from '../components/post-details';
import { PostTopBar } from '../components/post-top-bar';
import { PriceHistory } from '../components/price-history';
import { VinFactsSection } from '../components/vin-facts';
import { SourceEmbed, type EmbedState } from '../components/source-embed';
import { embedKey, getEmbedSource } from '../embed-source';
import { getExternalPostUrl, isOwnPost } from '../external-link';
import { useNow } from '../hooks/now';
import { usePostLiveUpdates } from '../hooks/live-updates';
import { postActionMessages, postMessages as t } from '../messages';
import { isPostMissing, postAtomFamily } from '../state';
import '../post.css';

export interface PostViewProps {
  state: CallState<PostPageData>;
  retry: () => void;
  now: Date;
  onOrderInspection?: () => void;
  onSupport?: () => void;
}

/** An aggregated listing: the source's widget when it draws, else (and until then) our own photos and text. */
function LoadedPost({
  post,
  now,
  onOrderInspection,
  onSupport,
}: { post: PostPageData; now: Date } & Omit<PostViewProps, 'state' | 'retry' | 'now'>) {
  const source = getEmbedSource(post);
  const [embed, setEmbed] = useState<{ key: string; state: EmbedState } | null>(null);
  const key = source ? embedKey(source) : null;
  const embedState = embed && embed.key === key ? embed.state : 'loading';
  const embedded = source !== null && embedState === 'ready';

  return (
    <>
      {source && key && embedState !== 'failed' ? (
        <SourceEmbed key={key} source={source} onState={(state) => setEmbed({ key, state })} />
      ) : null}
      {post.mediaFiles.length > 0 && !embedded ? <MediaCarousel files={post.mediaFiles} title={post.title} /> : null}
      <PostDetails
        post={post}
        now={now}
        source={isOwnPost(post) ? undefined : t.source(post.channel)}
        hideText={embedded}
      />
      {post.status === 'published' ? <PriceHistory postId={post.id} price={post.price} now={now} /> : null}
      {post.vin_facts ? <VinFactsSection facts={post.vin_facts} /> : null}
      {onSupport ? (
        <p className="post-support">
          {postActionMessages.supportHint}{' '}
          <button type="button" className="post-support__link" onClick={onSupport}>
            {postActionMessages.support}
          </button>
        </p>
      ) : null}
      <PostActions
        externalUrl={getExternalPostUrl(post)}
        onOrderInspection={post.status === 'published' ? onOrderInspection : undefined}
      />
    </>
  );
}

/** The listing page for a given load state (kept apart from loading so every state can be rendered on its own). */
export function PostView({ state, retry, now, onOrderInspection, onSupport }: PostViewProps) {
  if (state.kind === 'failed' && isPostMissing(state.status))
    return (
      <StatusMessage
        look="screen"
        header={state.message}
        action={
          <LinkButton to={PATHS.landing} size="l">
            {t.home}
          </LinkButton>
        }
      />
    );
  return (
    <CallView state={state} retry={retry} look="screen" loadingLabel={t.loading} retryLabel={t.retry}>
      {(post) => (
        <LoadedPost
          post={post}
          now={now}
          {...(onOrderInspection ? { onOrderInspection } : {})}
          {...(onSupport ? { onSupport } : {})}
        />
      )}
    </CallView>
  );
}

function UnpublishedNotice() {
  return (
    <div className="post-notice" role="status">
      <strong>{postActionMessages.unpublishedTitle}</strong> <span>{postActionMessages.unpublishedText}</span>
    </div>
  );
}

/** The listing page (spec §2, route /posts/:id). */
export function PostScreen() {
  const { id = '' } = useParams();
  const postAtom = postAtomFamily(id);
  const { state, retry } = useCall(postAtom);
  const now = useNow();
  const { user } = useSession();
  const appName = readAppName();
  useDocumentTitle(state.kind === 'loaded' ? t.documentTitle(state.data.title, appName) : appName);

  // Unpublished while open (an admin here, or the live event): the page keeps what it shows, with a notice.
  const [unpublishedId, setUnpublishedId] = useState<string | null>(null);
  const unpublished = unpublishedId === id;
  usePostLiveUpdates(id, postAtom, () => setUnpublishedId(id));
  const [dialog, setDialog] = useState<'none' | 'inspection' | 'support'>('none');

  const post = state.kind === 'loaded' || state.kind === 'empty' ? state.data : null;
  const canUnpublish = post !== null && isAdmin(user) && post.status === 'published' && !unpublished;

  return (
    <main className="post-page">
      <PostTopBar
        postId={post?.id}
        title={post?.title}
        adminMenu={canUnpublish ? <AdminMenu postId={post.id} onUnpublished={() => setUnpublishedId(id)} /> : null}
      />
      {unpublished || post?.status === 'unpublished' ? <UnpublishedNotice /> : null}
      <PostView
        state={state}
        retry={retry}
        now={now}
        {...(unpublished || dialog !== 'none' ? {} : { onOrderInspection: () => setDialog('inspection') })}
        onSupport={() => setDialog('support')}
      />
      <InspectionDialog
        open={dialog === 'inspection'}
        onOpenChange={(open) => setDialog(open ? 'inspection' : 'none')}
      />
      <SupportDialog open={dialog === 'support'} onOpenChange={(open) => setDialog(open ? 'support' : 'none')} />
    </main>
  );
}
