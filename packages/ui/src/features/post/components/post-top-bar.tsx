import { Link, useNavigate } from 'react-router-dom';
import { FavouriteButton } from '../../../components/post-card';
import { postMessages } from '../messages';
import { PATHS } from '../../../paths';
import { usePlatform } from '../../../platform';
import { ShareButton } from './share-button';

/** Back to where the user came from, or home when the page was opened directly. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const state: unknown = window.history.state;
    const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
    if (idx > 0) void navigate(-1);
    else void navigate(PATHS.landing, { replace: true });
  };
}

export interface PostTopBarProps {
  /** The listing once loaded: its favourite button shows then. */
  postId?: number | undefined;
  /** The loaded listing's title: its share button shows then. */
  title?: string | undefined;
  /** The admins' menu, when the viewer is one. */
  adminMenu?: React.ReactNode;
}

/**
 * Spec §2: back, favourite, and for admins a menu; issue 13 adds share. Inside Telegram the native BackButton does the back
 * (BackButtonLayout), so only the other two show there.
 */
export function PostTopBar({ postId, title, adminMenu }: PostTopBarProps) {
  const platform = usePlatform();
  const goBack = useGoBack();
  const showBack = !platform.backButton;
  if (!showBack && postId === undefined) return null;

  return (
    <nav className="post-top-bar">
      {showBack ? (
        <Link
          to={PATHS.landing}
          className="post-top-bar__back"
          onClick={(event) => {
            event.preventDefault();
            goBack();
          }}
        >
          <span aria-hidden="true">‹</span> {postMessages.back}
        </Link>
      ) : null}
      <span className="post-top-bar__spacer" />
      {postId !== undefined ? (
        <div className="post-top-bar__actions">
          {title !== undefined ? <ShareButton post={{ id: postId, title }} /> : null}
          <FavouriteButton postId={postId} className="post-top-bar__favourite" />
          {adminMenu}
        </div>
      ) : null}
    </nav>
  );
}
