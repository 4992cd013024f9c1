import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../../../messages';
import { usePlatform } from '../../../platform';

/** Back to where the user came from, or home when the page was opened directly. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const state: unknown = window.history.state;
    const idx = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

/** Inside Telegram the native BackButton does this job (BackButtonLayout); elsewhere the page has its own link. */
export function PostTopBar() {
  const platform = usePlatform();
  const goBack = useGoBack();
  if (platform.backButton) return null;

  return (
    <nav className="post-top-bar">
      <Link
        to="/"
        className="post-top-bar__back"
        onClick={(event) => {
          event.preventDefault();
          goBack();
        }}
      >
        <span aria-hidden="true">‹</span> {messages.post.back}
      </Link>
    </nav>
  );
}
