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
  SignalIcon,
  TagIcon,
  UserIcon,
} from './icons';
import { PATHS } from '../../paths';

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
  { to: PATHS.search, label: m.search, Icon: SearchIcon },
  { to: PATHS.newListing, label: m.newPost, Icon: PlusIcon },
  { to: PATHS.notes, label: m.favourites, Icon: HeartIcon, favourites: true },
  { to: PATHS.pay, label: m.pay, Icon: TagIcon },
  { to: PATHS.contacts, label: m.contacts, Icon: PhoneIcon },
];

/** Admin-only drawer items. */
export const ADMIN_LINKS: readonly MenuLink[] = [
  { to: PATHS.partners, label: m.partners, Icon: HandshakeIcon },
  { to: PATHS.brands, label: m.brands, Icon: CarIcon },
  { to: PATHS.models, label: m.models, Icon: LayersIcon },
  { to: PATHS.cities, label: m.cities, Icon: PinIcon },
  { to: PATHS.sources, label: m.sources, Icon: SignalIcon },
];

/** The bottom navigation, and the floating menu that offers the same links. */
export const MAIN_LINKS: readonly MenuLink[] = [
  { to: PATHS.search, label: b.search, Icon: SearchIcon },
  { to: PATHS.notes, label: b.favourites, Icon: HeartIcon, favourites: true },
  { to: PATHS.newListing, label: b.sell, Icon: PlusIcon },
  { to: PATHS.profile, label: b.profile, Icon: UserIcon },
];

/** The current page's link: the path itself or a page below it (`/partners/3/edit` under Partners). */
export function isCurrentLink(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
