import type { ReactNode } from 'react';
import { badgeClass, type BadgeTone } from './badge-class';
import './badge.css';

export type { BadgeTone };

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
  const classes = badgeClass(tone, size, className);
  return (
    <span className={classes} {...rest}>
      {children}
    </span>
  );
}
