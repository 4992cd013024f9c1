import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { Tabbar } from '@telegram-apps/telegram-ui';
import { favouritesCountAtom } from '../../store/favourites';
import { appMessages } from '../messages';
import { isCurrentLink, MAIN_LINKS } from './menu';
import { linkTo } from '../../components/link-button';

/** Spec §2: the bottom navigation (Search, Favourites, Sell, Profile), on phone-sized screens. */
export function AppBottomNav() {
  const { pathname } = useLocation();
  const count = useAtomValue(favouritesCountAtom);
  return (
    <Tabbar className="app-bottom-nav" role="navigation" aria-label={appMessages.bottomNav.label}>
      {MAIN_LINKS.map(({ to, label, Icon, favourites }) => {
        const current = isCurrentLink(pathname, to);
        return (
          <Tabbar.Item
            key={to}
            {...linkTo(to)}
            text={label}
            selected={current}
            aria-current={current ? 'page' : undefined}
          >
            <span className="app-bottom-nav__icon">
              <Icon />
              {favourites && count > 0 ? (
                <span
                  className="app-bottom-nav__count app-badge-green"
                  aria-label={appMessages.menu.favouritesCount(count)}
                >
                  {count}
                </span>
              ) : null}
            </span>
          </Tabbar.Item>
        );
      })}
    </Tabbar>
  );
}
