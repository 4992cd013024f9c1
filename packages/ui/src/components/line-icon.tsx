// The frame of our inline line icons (24x24, stroke): no icon font and no emoji, which some systems render as boxes.
import type { SVGProps } from 'react';

/** A decorative 24x24 stroke icon; its children are the paths. Hidden from screen readers: the control names itself. */
export function LineIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}
