import { forwardRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { IconButton } from '@telegram-apps/telegram-ui';
import { requestsInFlightAtom } from '../../api/client';
import { AppLogo } from '../../components/app-logo';
import { readAppName } from '../../config';
import { PATHS } from '../../paths';
import { appMessages } from '../messages';
import { AppTicker } from './app-ticker';
import { MenuIcon } from './icons';

const t = appMessages.topBar;

/** A thin bar under the top bar while any API call is under way. */
function LoadingIndicator() {
  const inFlight = useAtomValue(requestsInFlightAtom);
  if (inFlight === 0) return null;
  return <div className="app-top-bar__progress" role="progressbar" aria-label={t.loading} />;
}

export interface AppTopBarProps {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

/** Spec §2: the drawer toggle, the loading indicator, the brand link to / and the currency ticker. */
export const AppTopBar = forwardRef<HTMLButtonElement, AppTopBarProps>(function AppTopBar(
  { drawerOpen, onToggleDrawer },
  toggleRef,
) {
  const appName = readAppName();
  return (
    <header className="app-top-bar">
      <div className="app-top-bar__row">
        <IconButton
          ref={toggleRef}
          mode="plain"
          size="m"
          onClick={onToggleDrawer}
          aria-label={drawerOpen ? t.closeMenu : t.openMenu}
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
        >
          <MenuIcon />
        </IconButton>
        <Link to={PATHS.landing} className="app-top-bar__brand" aria-label={t.home(appName)}>
          <AppLogo className="app-top-bar__logo" />
          <span className="app-top-bar__name" aria-hidden="true">
            {appName}
          </span>
        </Link>
        <AppTicker />
      </div>
      <LoadingIndicator />
    </header>
  );
});
