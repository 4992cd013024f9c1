import type { ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { Alert } from '../alert';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';

export interface ActionButtonsProps {
  /** The main button («Сохранить», «Удалить», «Отправить»), a submit button of the dialog's form. */
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  /** The action runs: the main button spins and neither can be pressed. */
  pending: boolean;
  /** The main button is destructive (a delete, taking a listing off). */
  danger?: boolean;
  /** The kit's button size: 'm' in the admin's dense dialogs, 'l' elsewhere. */
  size?: 'm' | 'l';
}

/** Cancel and the main button, side by side in a dialog's bar. */
export function ActionButtons({
  submitLabel,
  cancelLabel,
  onCancel,
  pending,
  danger = false,
  size = 'l',
}: ActionButtonsProps) {
  return (
    <>
      <Button type="button" size={size} mode="bezeled" stretched onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        size={size}
        stretched
        className={danger ? 'dialog__danger' : undefined}
        loading={pending}
        disabled={pending}
        aria-busy={pending}
      >
        {submitLabel}
      </Button>
    </>
  );
}

export interface ActionDialogProps
  extends Omit<DialogFrameProps, 'actions' | 'onSubmit' | 'closeLabel'>, Omit<ActionButtonsProps, 'onCancel' | 'size'> {
  onSubmit: () => void;
  /** Why the last try failed; the dialog stays open with it. */
  error?: string | null | undefined;
  buttonSize?: 'm' | 'l';
  /** Under the reason of a failure (links, a consent). */
  footer?: ReactNode;
}

/**
 * A dialog that does one thing (a form to save, a question to confirm): its content, the reason the last try failed,
 * then cancel and the main button in the bar. Enter submits; Escape, the backdrop and cancel close it.
 */
export function ActionDialog({
  submitLabel,
  cancelLabel,
  pending,
  danger,
  buttonSize,
  error,
  footer,
  children,
  ...frame
}: ActionDialogProps) {
  return (
    <DialogFrame
      {...frame}
      actions={
        <ActionButtons
          submitLabel={submitLabel}
          cancelLabel={cancelLabel}
          onCancel={frame.onClose}
          pending={pending}
          {...(danger === undefined ? {} : { danger })}
          {...(buttonSize === undefined ? {} : { size: buttonSize })}
        />
      }
    >
      {children}
      <Alert message={error} />
      {footer}
    </DialogFrame>
  );
}
