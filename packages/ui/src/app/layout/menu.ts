import type { ComponentType, SVGProps } from 'react';
import { appMessages } from '../messages';
import {
  CarIcon,
  HandshakeIcon,
  HeartIcon,
  LayersIcon,
  PhoneIcon,
  PinIcon,
  PlusIcon,
  SearchIcon,
  TagIcon,
  UserIcon,
} from './icons';

export interface MenuLink {
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** The favourites item: shown with the count badge, and in the drawer only when the count is above 0. */
  favourites?: true;
}

const m = appMessages.menu;
const b = appMessages.bottomNav;

/** Spec §2 Main layout: the drawer's menu (support opens its dialog and is added by the drawer). */
export const DRAWER_LINKS: readonly MenuLink[] = [
  { to: '/search', label: m.search, Icon: SearchIcon },
  { to: '/new', label: m.newPost, Icon: PlusIcon },
  { to: '/notes', label: m.favourites, Icon: HeartIcon, favourites: true },
  { to: '/pay', label: m.pay, Icon: TagIcon },
  { to: '/contacts', label: m.contacts, Icon: PhoneIcon },
];

/** Admin-only drawer items. */
export const ADMIN_LINKS: readonly MenuLink[] = [
  { to: '/partners', label: m.partners, Icon: HandshakeIcon },
  { to: '/brands', label: m.brands, Icon: CarIcon },
  { to: '/models', label: m.models, Icon: LayersIcon },
  { to: '/addresses', label: m.cities, Icon: PinIcon },
];

/** The bottom navigation, and the floating menu that offers the same links. */
export const MAIN_LINKS: readonly MenuLink[] = [
  { to: '/search', label: b.search, Icon: SearchIcon },
  { to: '/notes', label: b.favourites, Icon: HeartIcon, favourites: true },
  { to: '/new', label: b.sell, Icon: PlusIcon },
  { to: '/profile', label: b.profile, Icon: UserIcon },
];

/** The current page's link: the path itself or a page below it (`/partners/3/edit` under Partners). */
export function isCurrentLink(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
