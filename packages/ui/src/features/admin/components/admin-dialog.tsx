import type { ReactNode } from 'react';
import { ActionDialog } from '../../../components/dialog/action-dialog';
import { adminMessages as t } from '../messages';

export interface AdminDialogProps {
  title: string;
  /** The main button's label: «Сохранить» for a form, «Удалить» for a confirmation. */
  submitLabel: string;
  /** A confirmation is narrower than a form, and its main button is the destructive one. */
  kind?: 'form' | 'confirm';
  pending: boolean;
  /** Why the last try failed; the dialog stays open with it. */
  error?: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** Every admin dialog (a create or edit form, a delete confirmation): the shared ActionDialog in the admin's words. */
export function AdminDialog({ kind = 'form', ...props }: AdminDialogProps) {
  return (
    <ActionDialog
      {...props}
      open
      cancelLabel={t.cancel}
      width={kind === 'confirm' ? 'narrow' : 'form'}
      danger={kind === 'confirm'}
      buttonSize="m"
    />
  );
}
