import type { SVGProps } from 'react';

/** The product icon (a radar sweep): the landing's hero, the top bar's brand link and the overlay spinner. */
export function AppLogo(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false" {...props}>
      <rect width="64" height="64" rx="18" fill="currentColor" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round">
        <circle cx="32" cy="32" r="19" opacity=".45" />
        <circle cx="32" cy="32" r="11" opacity=".7" />
        <path d="M32 32 45 19" />
      </g>
      <circle cx="32" cy="32" r="3.5" fill="#fff" />
      <circle cx="41" cy="40" r="3" fill="#fff" />
    </svg>
  );
}
