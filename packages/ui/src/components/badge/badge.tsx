import type { ReactNode } from 'react';
import './badge.css';

/**
 * A badge's colours. Solid: 'accent' (the theme's button colour: «Новое», «Главное», PRO in the drawer), 'success'
 * (published), 'dark' (taken off, over a photo), 'pro' and 'ai' (the two gradients). Tinted, for a state beside text:
 * 'neutral', 'info', 'positive', 'negative' (a report order's status, an active tariff).
 */
export type BadgeTone = 'accent' | 'success' | 'dark' | 'pro' | 'ai' | 'neutral' | 'info' | 'positive' | 'negative';

export interface BadgeProps {
  tone?: BadgeTone;
  /** 's' over a card or photo and in a line of small text; 'm' beside ordinary text. */
  size?: 's' | 'm';
  /** Where it sits (a corner of a card) is the caller's. */
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A short label in a pill: the one badge look of every screen. */
export function Badge({ tone = 'accent', size = 's', className, children, ...rest }: BadgeProps) {
  const classes = `badge badge--${size} badge--${tone}${className ? ` ${className}` : ''}`;
  return (
    <span className={classes} {...rest}>
      {children}
    </span>
  );
}
