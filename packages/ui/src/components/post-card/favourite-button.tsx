import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { IconButton } from '@telegram-apps/telegram-ui';
import { favouriteIdSetAtom, toggleFavouriteAtom } from '../../store/favourites';
import { usePlatform } from '../../platform';
import { HEART_PATH } from './heart';
import { postCardMessages as t } from './messages';
import { loginPath } from '../../paths';

/** Toggles a favourite; a guest is sent to sign in and comes back to this page. */
export function useToggleFavourite(): (postId: number) => void {
  const toggle = useSetAtom(toggleFavouriteAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const platform = usePlatform();
  return useCallback(
    (postId: number) => {
      const result = toggle(postId);
      if (result === 'sign-in-required') {
        const back = `${location.pathname}${location.search}`;
        void navigate(loginPath(back));
        return;
      }
      platform.hapticImpact?.('light');
    },
    [toggle, navigate, location.pathname, location.search, platform],
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={HEART_PATH}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The favourite toggle of a card or a listing page: a real button whose pressed state screen readers hear. */
export function FavouriteButton({ postId, className }: { postId: number; className?: string }) {
  const isFavourite = useAtomValue(favouriteIdSetAtom).has(postId);
  const toggle = useToggleFavourite();
  const label = isFavourite ? t.removeFavourite : t.addFavourite;
  return (
    <IconButton
      type="button"
      size="m"
      mode="plain"
      className={['favourite-button', isFavourite ? 'favourite-button--on' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-label={label}
      aria-pressed={isFavourite}
      title={label}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle(postId);
      }}
    >
      <HeartIcon filled={isFavourite} />
    </IconButton>
  );
}
