import { useAtomValue } from 'jotai';
import { Link, useLocation } from 'react-router-dom';
import { favouritesCountAtom } from '../../store/favourites';
import { appMessages } from '../messages';
import { CloseIcon, GridIcon } from './icons';
import { isCurrentLink, MAIN_LINKS } from './menu';
import { useStoredFlag } from './stored-flag';

const t = appMessages.floatingMenu;

/** Where the floating menu keeps whether it was open. */
export const FLOATING_MENU_KEY = 'autoradar:floating-menu-open';

/** Spec §2: the floating menu with the bottom navigation's links; it remembers whether it was open. */
export function AppFloatingMenu() {
  const [open, setOpen] = useStoredFlag(FLOATING_MENU_KEY, false);
  const { pathname } = useLocation();
  const count = useAtomValue(favouritesCountAtom);
  return (
    <div className="app-floating-menu" data-open={open}>
      {open ? (
        <nav id="app-floating-menu-links" className="app-floating-menu__links" aria-label={t.label}>
          {MAIN_LINKS.map(({ to, label, Icon, favourites }) => (
            <Link
              key={to}
              to={to}
              className="app-floating-menu__link"
              aria-current={isCurrentLink(pathname, to) ? 'page' : undefined}
            >
              <Icon />
              <span>{label}</span>
              {favourites && count > 0 ? (
                <span
                  className="app-floating-menu__count app-badge-green"
                  aria-label={appMessages.menu.favouritesCount(count)}
                >
                  {count}
                </span>
              ) : null}
            </Link>
          ))}
        </nav>
      ) : null}
      <button
        type="button"
        className="app-floating-menu__toggle"
        aria-expanded={open}
        aria-controls={open ? 'app-floating-menu-links' : undefined}
        aria-label={open ? t.close : t.open}
        onClick={() => setOpen(!open)}
      >
        {open ? <CloseIcon /> : <GridIcon />}
      </button>
    </div>
  );
}
