import { useId, type ReactNode } from 'react';
import { Button, Input, Modal, Textarea } from '@telegram-apps/telegram-ui';
import { MESSAGES, TEXT_COUNTER_MAX } from '@autoradar/core';
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
  /** Shown under the buttons while editing (support links, consent). */
  footer?: ReactNode;
  className?: string;
}

function Counter({ id, length }: { id: string; length: number }) {
  const over = length > TEXT_COUNTER_MAX;
  return (
    <span id={id} className={`ticket-dialog__counter${over ? ' ticket-dialog__counter--over' : ''}`} aria-live="off">
      {t.counter(length, TEXT_COUNTER_MAX)}
    </span>
  );
}

function Field({ spec, form, disabled }: { spec: TicketFieldSpec; form: TicketForm; disabled: boolean }) {
  const id = useId();
  const error = form.errors[spec.name];
  const value = form.fields[spec.name];
  const describedBy = [error ? `${id}-error` : null, spec.multiline ? `${id}-counter` : null].filter(Boolean).join(' ');
  const common = {
    id,
    name: spec.name,
    placeholder: spec.placeholder ?? spec.label,
    'aria-required': spec.required ?? false,
    'aria-invalid': Boolean(error),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    status: error ? ('error' as const) : undefined,
    value,
    disabled,
  };
  return (
    <div className="ticket-dialog__field">
      {/* Our own label: the kit's input header is cut to one line and hidden on iOS. */}
      <label htmlFor={id} className="ticket-dialog__label">
        {spec.label}
      </label>
      <div className="ticket-dialog__control">
        {spec.multiline ? (
          <Textarea {...common} rows={4} onChange={(event) => form.setField(spec.name, event.target.value)} />
        ) : (
          <Input
            {...common}
            autoComplete={spec.autoComplete}
            onChange={(event) => form.setField(spec.name, event.target.value)}
          />
        )}
      </div>
      <div className="ticket-dialog__under">
        {error ? (
          <span id={`${id}-error`} className="ticket-dialog__error">
            {error}
          </span>
        ) : (
          <span />
        )}
        {spec.multiline ? <Counter id={`${id}-counter`} length={value.length} /> : null}
      </div>
    </div>
  );
}

/**
 * The support and the inspection dialogs (spec §2, §4): a Modal of at most 500 px with the form, 'Отправить' with a
 * loading state, then 'Заявка отправлена!' with the server's number and 'Закрыть'. A failure shows its message and
 * keeps what was typed.
 */
export function TicketDialog({ open, onOpenChange, title, intro, fields, form, footer, className }: TicketDialogProps) {
  const titleId = useId();
  const { status } = form;
  const sending = status.kind === 'sending';

  const close = () => {
    onOpenChange(false);
    // The success view is done with; a draft being edited stays for the next opening.
    if (status.kind === 'sent') form.reset();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      className={`ticket-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      header={<Modal.Header />}
      overlayComponent={<Modal.Overlay className="ticket-dialog__overlay" />}
    >
      <div className="ticket-dialog__body">
        <h2 id={titleId} className="ticket-dialog__title">
          {title}
        </h2>
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
          <form
            className="ticket-dialog__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit();
            }}
          >
            {intro ? <div className="ticket-dialog__intro">{intro}</div> : null}
            {fields.map((spec) => (
              <Field key={spec.name} spec={spec} form={form} disabled={sending} />
            ))}
            {status.kind === 'failed' ? (
              <p className="ticket-dialog__alert" role="alert">
                {status.message}
              </p>
            ) : null}
            <div className="ticket-dialog__buttons">
              <Button type="button" size="l" mode="bezeled" stretched onClick={close}>
                {t.cancel}
              </Button>
              <Button type="submit" size="l" stretched loading={sending} disabled={sending} aria-busy={sending}>
                {t.send}
              </Button>
            </div>
            {footer ? <div className="ticket-dialog__footer">{footer}</div> : null}
          </form>
        )}
      </div>
    </Modal>
  );
}
