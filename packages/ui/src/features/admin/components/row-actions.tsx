import type { ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { LinkButton } from '../../../components/link-button';
import { adminMessages as t } from '../messages';
import { DeleteControl, type DeleteControlProps } from './delete-control';

export interface RowActionsProps {
  /** The row's name, for the buttons' accessible names («Изменить: LADA»). */
  name: string;
  /** Opens the row's form: a dialog on this page, or the address of its own page. */
  edit: (() => void) | string;
  /** The row's delete, asked first; a row without one cannot be deleted here. */
  remove?: Omit<DeleteControlProps, 'name'>;
  /** The row's own buttons before «Изменить» (moves, details, links). */
  children?: ReactNode;
}

/** The buttons at the end of an admin list row: its own, then «Изменить» and «Удалить». */
export function RowActions({ name, edit, remove, children }: RowActionsProps) {
  const label = `${t.edit}: ${name}`;
  return (
    <div className="admin-cell__actions">
      {children}
      {typeof edit === 'string' ? (
        <LinkButton size="s" mode="bezeled" to={edit} aria-label={label}>
          {t.edit}
        </LinkButton>
      ) : (
        <Button size="s" mode="bezeled" onClick={edit} aria-label={label}>
          {t.edit}
        </Button>
      )}
      {remove ? <DeleteControl name={name} {...remove} /> : null}
    </div>
  );
}
