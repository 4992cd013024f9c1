import type { CallState } from '../../../api/atom-with-call';
import { CallView } from '../../../api/call-view';
import { LinkButton } from '../../../components/link-button';
import { PostCard } from '../../../components/post-card';
import { StatusMessage } from '../../../components/status/status';
import type { MyPosts } from '../api';
import { profileMessages as t } from '../messages';
import { PATHS } from '../../../paths';
import { Badge } from '../../../components/badge/badge';

export interface MyPostsViewProps {
  state: CallState<MyPosts>;
  retry: () => void;
}

/** 'Мои объявления' (spec §2 Profile): the count, an add button and the user's listings with their state. */
export function MyPostsView({ state, retry }: MyPostsViewProps) {
  const count = state.kind === 'loaded' || state.kind === 'empty' ? state.data.count : null;
  return (
    <section className="profile-posts" aria-labelledby="profile-posts-title">
      <div className="profile-posts__head">
        <h2 className="profile-posts__title" id="profile-posts-title">
          {t.myPosts}
          {count !== null ? (
            <span className="profile-posts__count" aria-label={t.myPostsCount(count)}>
              {count}
            </span>
          ) : null}
        </h2>
        <LinkButton to={PATHS.newListing} size="s" mode="bezeled">
          {t.add}
        </LinkButton>
      </div>
      <MyPostsBody state={state} retry={retry} />
    </section>
  );
}

function MyPostsBody({ state, retry }: MyPostsViewProps) {
  return (
    <CallView
      state={state}
      retry={retry}
      look="section"
      className="profile-posts__state"
      size="m"
      loadingLabel={t.loadingPosts}
      retryLabel={t.retry}
      empty={
        <StatusMessage
          look="section"
          className="profile-posts__state"
          header={t.noPosts}
          description={t.noPostsNote}
          action={
            <LinkButton to={PATHS.newListing} size="m">
              {t.addFirst}
            </LinkButton>
          }
        />
      }
    >
      {(data) => (
        <ul className="profile-posts__grid">
          {data.posts.map((post) => (
            <li key={post.id} className="profile-posts__item">
              <Badge tone={post.status === 'published' ? 'success' : 'dark'} className="profile-status">
                {t.status[post.status]}
              </Badge>
              <PostCard post={post} canNote={false} />
            </li>
          ))}
        </ul>
      )}
    </CallView>
  );
}
