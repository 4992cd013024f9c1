import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { Avatar, Badge as CountBadge, Cell, IconButton, Section, Text } from '@telegram-apps/telegram-ui';
import type { User } from '@autoradar/contract';
import { isAdmin, isProActive } from '@autoradar/core';
import { AppLogo } from '../../components/app-logo';
import { readAppName } from '../../config';
import { useSession } from '../../session/hooks';
import { displayName } from '../../session/user-display';
import { favouritesCountAtom } from '../../store/favourites';
import { appMessages } from '../messages';
import { CloseIcon, HelpIcon } from './icons';
import { ADMIN_LINKS, DRAWER_LINKS, isCurrentLink, type MenuLink } from './menu';
import { linkTo } from '../../components/link-button';
import { useFocusTrap } from './use-focus-trap';
import { Badge } from '../../components/badge/badge';

const t = appMessages.menu;

function DrawerLink({ link, pathname, count }: { link: MenuLink; pathname: string; count: number }) {
  const current = isCurrentLink(pathname, link.to);
  return (
    <Cell
      {...linkTo(link.to)}
      className="app-drawer__item"
      aria-current={current ? 'page' : undefined}
      before={<link.Icon className="app-drawer__icon" />}
      after={
        link.favourites ? (
          <CountBadge type="number" className="app-badge-green" aria-label={t.favouritesCount(count)}>
            {count}
          </CountBadge>
        ) : undefined
      }
    >
      {link.label}
    </Cell>
  );
}

/** Who is signed in, with the PRO mark while PRO is active (it follows `user.updated` live). */
function DrawerUser({ user }: { user: User }) {
  const name = displayName(user) ?? t.account;
  const pro = isProActive(user, new Date());
  return (
    <div className="app-drawer__user">
      {user.photo_url ? (
        <Avatar size={40} src={user.photo_url} alt="" />
      ) : (
        <Avatar size={40} acronym={name.replace(/^@/, '').slice(0, 1).toUpperCase()} />
      )}
      <Text className="app-drawer__user-name">{name}</Text>
      {pro ? <Badge data-testid="app-pro-mark">{t.pro}</Badge> : null}
    </div>
  );
}

export interface AppDrawerPanelProps {
  onClose: () => void;
  onSupport: () => void;
  /** The year of the copyright line (the current one). */
  year: number;
}

/** Spec §2: the drawer's panel (AppDrawer puts it over the backdrop), 300 wide, with the menu, the admin items for admins and the copyright footer. */
export function AppDrawerPanel({ onClose, onSupport, year }: AppDrawerPanelProps) {
  const panel = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { user } = useSession();
  const count = useAtomValue(favouritesCountAtom);
  useFocusTrap(panel, onClose);
  const appName = readAppName();
  const links = DRAWER_LINKS.filter((link) => !link.favourites || count > 0);

  return (
    <aside ref={panel} className="app-drawer__panel" role="dialog" aria-modal="true" aria-label={t.label}>
      <header className="app-drawer__header">
        <AppLogo className="app-drawer__logo" />
        <Text weight="2" className="app-drawer__name">
          {appName}
        </Text>
        <IconButton mode="plain" size="m" onClick={onClose} aria-label={appMessages.topBar.closeMenu}>
          <CloseIcon />
        </IconButton>
      </header>
      {user ? <DrawerUser user={user} /> : null}
      <nav className="app-drawer__nav" aria-label={t.label}>
        <Section>
          {links.map((link) => (
            <DrawerLink key={link.to} link={link} pathname={pathname} count={count} />
          ))}
          <Cell
            Component="button"
            type="button"
            className="app-drawer__item"
            before={<HelpIcon className="app-drawer__icon" />}
            onClick={onSupport}
          >
            {t.support}
          </Cell>
        </Section>
        {isAdmin(user) ? (
          <Section header={t.adminTitle}>
            {ADMIN_LINKS.map((link) => (
              <DrawerLink key={link.to} link={link} pathname={pathname} count={count} />
            ))}
          </Section>
        ) : null}
      </nav>
      <footer className="app-drawer__footer">
        <Text className="app-drawer__copyright">{t.copyright(year, appName)}</Text>
      </footer>
    </aside>
  );
}
