import { useId, type ReactNode } from 'react';
import { Button, Modal } from '@telegram-apps/telegram-ui';
import { adminMessages as t } from '../messages';
import { Alert } from './alert';

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

/**
 * Every admin dialog (a create or edit form, a delete confirmation) in the kit's Modal: the title, the content, the
 * reason the last try failed, then cancel and the main button. Enter submits, Escape or the backdrop cancels.
 */
export function AdminDialog({
  title,
  submitLabel,
  kind = 'form',
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: AdminDialogProps) {
  const titleId = useId();
  return (
    <Modal
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      className={kind === 'confirm' ? 'admin-dialog admin-dialog--narrow' : 'admin-dialog'}
      aria-labelledby={titleId}
      header={<Modal.Header />}
    >
      <div className="admin-dialog__body">
        <h2 id={titleId} className="admin-dialog__title">
          {title}
        </h2>
        <form
          className="admin-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <Alert message={error} />
          <div className="admin-dialog__buttons">
            <Button type="button" size="m" mode="bezeled" stretched onClick={onClose} disabled={pending}>
              {t.cancel}
            </Button>
            <Button
              type="submit"
              size="m"
              stretched
              className={kind === 'confirm' ? 'admin-button--danger' : undefined}
              loading={pending}
              disabled={pending}
            >
              {submitLabel}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
