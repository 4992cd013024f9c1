import { useId, type ReactNode } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { MESSAGES, TEXT_COUNTER_MAX } from '@autoradar/core';
import { Alert } from '../alert';
import { ActionButtons } from '../dialog/action-dialog';
import { DialogFrame } from '../dialog/dialog-frame';
import { TextField } from '../field/text-field';
import { ticketMessages as t } from './messages';
import type { TicketFields, TicketForm } from './ticket-form';
import './ticket-dialog.css';

export interface TicketFieldSpec {
  name: keyof TicketFields;
  label: string;
  placeholder?: string;
  /** A multi-line field with the advisory 500 counter (spec §5: shown, not enforced). */
  multiline?: boolean;
  required?: boolean;
  autoComplete?: string;
}

export interface TicketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Shown above the fields (the inspection price, a short hint). */
  intro?: ReactNode;
  fields: readonly TicketFieldSpec[];
  form: TicketForm;
  /** Shown under the fields while editing (support links, consent). */
  footer?: ReactNode;
  className?: string;
}

/**
 * The support and the inspection dialogs (spec §2, §4): the shared dialog frame at most 500 px wide with the form,
 * 'Отправить' with a loading state, then 'Заявка отправлена!' with the server's number and 'Закрыть'. A failure
 * shows its message and keeps what was typed.
 */
export function TicketDialog({ open, onOpenChange, title, intro, fields, form, footer, className }: TicketDialogProps) {
  const id = useId();
  const { status } = form;
  const sending = status.kind === 'sending';

  const close = () => {
    onOpenChange(false);
    // The success view is done with; a draft being edited stays for the next opening.
    if (status.kind === 'sent') form.reset();
  };

  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={title}
      className={className ? `ticket-dialog ${className}` : 'ticket-dialog'}
      {...(status.kind === 'sent'
        ? {}
        : {
            onSubmit: () => void form.submit(),
            actions: <ActionButtons submitLabel={t.send} cancelLabel={t.cancel} onCancel={close} pending={sending} />,
          })}
    >
      {status.kind === 'sent' ? (
        <div className="ticket-dialog__sent" role="status">
          <p className="ticket-dialog__sent-title">{MESSAGES.ticketSent}</p>
          <p className="ticket-dialog__ticket">{t.ticketNumber(status.ticket)}</p>
          <p className="ticket-dialog__note">{t.contactSoon}</p>
          <Button size="l" stretched onClick={close}>
            {t.close}
          </Button>
        </div>
      ) : (
        <>
          {intro ? <div className="ticket-dialog__intro">{intro}</div> : null}
          {fields.map((spec) => (
            <TextField
              key={spec.name}
              id={`${id}-${spec.name}`}
              name={spec.name}
              label={spec.label}
              placeholder={spec.placeholder ?? spec.label}
              required={spec.required ?? false}
              autoComplete={spec.autoComplete}
              {...(spec.multiline ? { rows: 4, counter: TEXT_COUNTER_MAX } : {})}
              value={form.fields[spec.name]}
              error={form.errors[spec.name]}
              disabled={sending}
              onChange={(value) => form.setField(spec.name, value)}
            />
          ))}
          <Alert message={status.kind === 'failed' ? status.message : null} />
          {footer ? <div className="ticket-dialog__footer">{footer}</div> : null}
        </>
      )}
    </DialogFrame>
  );
}
