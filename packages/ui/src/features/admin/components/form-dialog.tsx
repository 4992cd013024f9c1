import { useId, type ReactNode } from 'react';
import { Button, Modal } from '@telegram-apps/telegram-ui';
import { adminMessages as t } from '../messages';

export interface FormDialogProps {
  open: boolean;
  title: string;
  pending: boolean;
  /** The failure of the last save. */
  error?: string | undefined;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** A create or edit form in the kit's Modal: the fields, the reason a save failed, cancel and save. */
export function FormDialog({ open, title, pending, error, onSubmit, onClose, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      className="admin-dialog"
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
          {error ? (
            <p className="admin-alert" role="alert">
              {error}
            </p>
          ) : null}
          <div className="admin-dialog__buttons">
            <Button type="button" size="m" mode="bezeled" stretched onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" size="m" stretched loading={pending} disabled={pending}>
              {t.save}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
