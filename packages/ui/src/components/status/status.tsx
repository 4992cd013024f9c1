import type { ReactNode } from 'react';
import { Placeholder, Text, Title } from '@telegram-apps/telegram-ui';
import './status.css';

/**
 * Where a state (loading, empty, failed, offline) stands, which decides its room: 'screen' is a screen's whole
 * content, 'section' a part of a screen (an admin list, the profile's listings), 'inline' a line under a list's head
 * or inside a dialog.
 */
export type StatusLook = 'screen' | 'section' | 'inline';

/** The class of a state's box in `look`, with the caller's own besides. */
export function statusClass(look: StatusLook, className?: string): string {
  return `status status--${look}${className ? ` ${className}` : ''}`;
}

/** A state with a heading and what to do next, as the kit's Placeholder (an empty list, a missing listing). */
export function StatusMessage({
  look,
  header,
  description,
  action,
  className,
  ...aria
}: {
  look: StatusLook;
  header: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
  'aria-busy'?: boolean;
}) {
  return (
    <Placeholder
      className={statusClass(look, className)}
      header={header}
      description={description}
      action={action}
      {...aria}
    />
  );
}

export interface StatusScreenProps {
  title: string;
  text: string;
  /** Above the title (the 404, the logo). */
  picture?: ReactNode;
  /** The way on (a link home, to the feed). */
  action: ReactNode;
  /** The title's size: the kit's level '1' for an error page, '2' for a longer title. */
  level?: '1' | '2';
  className?: string;
}

/** A screen that only says something (not found, no access, open it in Telegram): its title, a line, the way on. */
export function StatusScreen({ title, text, picture, action, level = '1', className }: StatusScreenProps) {
  return (
    <main className={className ? `status-screen ${className}` : 'status-screen'}>
      <Placeholder action={action}>
        {picture}
        <Title Component="h1" level={level} weight="2">
          {title}
        </Title>
        <Text Component="p" className="status-screen__text">
          {text}
        </Text>
      </Placeholder>
    </main>
  );
}
