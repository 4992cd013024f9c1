// The badge's classes, apart from its component so the first paint (first-paint/painter.ts) draws the same badge
// without React (issue 32).

/**
 * A badge's colours. Solid: 'accent' (the theme's button colour: «Новое», «Главное», PRO in the drawer), 'success'
 * (published), 'dark' (taken off, over a photo), 'pro' and 'ai' (the two gradients). Tinted, for a state beside text:
 * 'neutral', 'info', 'positive', 'negative' (a report order's status, an active tariff).
 */
export type BadgeTone = 'accent' | 'success' | 'dark' | 'pro' | 'ai' | 'neutral' | 'info' | 'positive' | 'negative';

/** The class list of a badge of this tone and size, with the caller's class (where it sits) after them. */
export function badgeClass(tone: BadgeTone = 'accent', size: 's' | 'm' = 's', className?: string): string {
  return `badge badge--${size} badge--${tone}${className ? ` ${className}` : ''}`;
}
