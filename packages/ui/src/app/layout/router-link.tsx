import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

// telegram-ui's tappables always pass type="button", which means nothing on a link.
export const RouterLink = forwardRef<HTMLAnchorElement, LinkProps & { type?: string }>(function RouterLink(
  { type: _type, ...props },
  ref,
) {
  return <Link ref={ref} {...props} />;
});

/** Props that make a telegram-ui tappable (Cell, Tabbar.Item) a router link: `<Cell {...linkTo('/pay')}>`. */
export function linkTo(to: string): Record<string, unknown> {
  return { Component: RouterLink, to };
}
