import type { ReactNode } from 'react';

/** A list section's title as a level-2 heading under the page's h1 (the kit's Section.Header is always an h1). */
export function SectionHeading({ children }: { children: ReactNode }) {
  return <h2 className="admin-section-heading">{children}</h2>;
}
