import { useId } from 'react';
import { Button, Modal } from '@telegram-apps/telegram-ui';
import { adminMessages as t } from '../messages';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question: what will be deleted. */
  text: string;
  pending: boolean;
  /** Why the last try failed (the API's own words). */
  error?: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a delete; the dialog stays open with the reason when the API refuses. */
export function ConfirmDialog({ open, text, pending, error, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      className="admin-dialog admin-dialog--narrow"
      aria-labelledby={titleId}
      header={<Modal.Header />}
    >
      <div className="admin-dialog__body">
        <h2 id={titleId} className="admin-dialog__title">
          {t.confirm.title}
        </h2>
        <p className="admin-dialog__text">{text}</p>
        {error ? (
          <p className="admin-alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-dialog__buttons">
          <Button type="button" size="m" mode="bezeled" stretched onClick={onCancel} disabled={pending}>
            {t.cancel}
          </Button>
          <Button
            type="button"
            size="m"
            stretched
            className="admin-button--danger"
            loading={pending}
            disabled={pending}
            onClick={onConfirm}
          >
            {t.delete}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
