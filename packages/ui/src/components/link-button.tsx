import { forwardRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Button, type ButtonProps } from '@telegram-apps/telegram-ui';

// telegram-ui's Button always passes type="button", which means nothing on a link.
const RouterLink = forwardRef<HTMLAnchorElement, LinkProps & { type?: string }>(function RouterLink(
  { type: _type, ...props },
  ref,
) {
  return <Link ref={ref} {...props} />;
});

export type LinkButtonProps = Omit<ButtonProps, 'Component' | 'href'> & { to: string };

/** A telegram-ui Button that navigates inside the app (a real <a href>, so it opens in a new tab too). */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const link = { Component: RouterLink, to };
  return <Button {...props} {...link} />;
}
