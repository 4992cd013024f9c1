import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Button, type ButtonProps } from '@telegram-apps/telegram-ui';

// telegram-ui's tappables (Button, Cell, Tabbar.Item) always pass type="button", which means nothing on a link.
const RouterLink = forwardRef<HTMLAnchorElement, LinkProps & { type?: string }>(function RouterLink(
  { type: _type, ...props },
  ref,
) {
  return <Link ref={ref} {...props} />;
});

/** Props that make a telegram-ui tappable a router link (a real <a href>): `<Cell {...linkTo(PATHS.pay)}>`. */
export function linkTo(to: string): Record<string, unknown> {
  return { Component: RouterLink, to };
}

export type LinkButtonProps = Omit<ButtonProps, 'Component' | 'href'> & { to: string };

/** A telegram-ui Button that navigates inside the app (a real <a href>, so it opens in a new tab too). */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  return <Button {...props} {...linkTo(to)} />;
}
