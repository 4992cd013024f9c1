import { useCallback, useEffect, useState } from 'react';
import { describeSubmitError, generateTicketNumber, URL_MAX_LENGTH, type ValidationResult } from '@autoradar/core';
import { z } from 'zod';
import { failureOf } from '../../api/api-error';
import { useAction } from '../../api/use-action';
import { storedValue } from '../../store/stored-value';

/** What the two ticket forms hold; `message` is the support text or the inspection comment. */
export interface TicketFields {
  message: string;
  contacts: string;
}

/** What a ticket form sends (spec §3 Ticket): the client's number, replaced by the server's in the answer. */
export interface TicketRequest {
  message: string | null;
  contacts: string | null;
  ticket: string;
  url: string;
}

/** Spec §4: editing, sending, then sent (fields cleared) or failed (the form stays, the number is dropped). */
export type TicketStatus =
  { kind: 'editing' } | { kind: 'sending' } | { kind: 'sent'; ticket: string } | { kind: 'failed'; message: string };

export const EMPTY_TICKET_FIELDS: TicketFields = { message: '', contacts: '' };

/** The failure text of spec §8: the server's message, else 'Ошибка при отправке формы'. */
export function describeTicketError(error: unknown): string {
  return describeSubmitError(failureOf(error));
}

/** The request for the fields as typed: trimmed, blanks as null, a fresh client number and the page's address. */
export function buildTicketRequest(fields: TicketFields, now: Date, url: string): TicketRequest {
  const message = fields.message.trim();
  const contacts = fields.contacts.trim();
  return {
    message: message || null,
    contacts: contacts || null,
    ticket: generateTicketNumber(now),
    url: url.slice(0, URL_MAX_LENGTH),
  };
}

export interface TicketFormOptions {
  /** core's validateSupportForm or validateInspectionForm. */
  validate: (fields: TicketFields) => ValidationResult;
  /** Sends the request and resolves with the server's ticket number. */
  send: (request: TicketRequest) => Promise<string>;
  /**
   * Where the unsent fields are kept on the device (localStorage), so a reload or a closed window loses nothing;
   * cleared once the request is sent. Without it the fields live as long as the dialog stays mounted.
   */
  storageKey?: string;
  /** Injected in tests; the current time and page otherwise. */
  now?: () => Date;
  pageUrl?: () => string;
}

export interface TicketForm {
  fields: TicketFields;
  /** Field errors, shown once the user has tried to send. */
  errors: Record<string, string>;
  status: TicketStatus;
  setField: (name: keyof TicketFields, value: string) => void;
  submit: () => Promise<void>;
  /** Back to editing after the success view (the fields were cleared there); a failure keeps the fields. */
  reset: () => void;
}

const currentPage = () => (typeof window === 'undefined' ? '' : window.location.href);

/** Unsent ticket fields on this device under `autoradar:ticket:<storageKey>`; a field that does not fit reads empty. */
const TicketFieldsSchema = z.object({ message: z.string().catch(''), contacts: z.string().catch('') });
const storedTicket = (storageKey: string) =>
  storedValue(`autoradar:ticket:${storageKey}`, TicketFieldsSchema, { fallback: () => EMPTY_TICKET_FIELDS });

/** The stored fields (another version of the app may have written them); empty when none. */
export function readStoredTicket(storageKey: string | undefined): TicketFields {
  return storageKey ? storedTicket(storageKey).read() : EMPTY_TICKET_FIELDS;
}

function storeTicket(storageKey: string, fields: TicketFields): void {
  if (!fields.message && !fields.contacts) storedTicket(storageKey).remove();
  else storedTicket(storageKey).write(fields);
}

/** The support and inspection forms' one state machine (spec §4 Support and inspection form). */
export function useTicketForm({
  validate,
  send,
  storageKey,
  now = () => new Date(),
  pageUrl = currentPage,
}: TicketFormOptions): TicketForm {
  const [fields, setFields] = useState<TicketFields>(() => readStoredTicket(storageKey));
  useEffect(() => {
    if (storageKey) storeTicket(storageKey, fields);
  }, [storageKey, fields]);
  const [tried, setTried] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // Sending is one action (useAction): a second press while it runs sends nothing.
  const sending = useAction((request: TicketRequest) => send(request), describeTicketError);
  const { reset: resetSending } = sending;
  const failed = sending.state.kind === 'failed';

  const setField = useCallback(
    (name: keyof TicketFields, value: string) => {
      setFields((current) => ({ ...current, [name]: value }));
      // Typing again after a failure is editing again.
      if (failed) resetSending();
    },
    [failed, resetSending],
  );

  const submit = async () => {
    if (sending.state.kind === 'pending') return;
    setTried(true);
    if (!validate(fields).valid) return;
    const result = await sending.start(buildTicketRequest(fields, now(), pageUrl()));
    if (!result.ok) return;
    setFields(EMPTY_TICKET_FIELDS);
    setTried(false);
    setSent(result.value);
  };

  const reset = useCallback(() => {
    setSent(null);
    setTried(false);
    resetSending();
  }, [resetSending]);

  const status: TicketStatus =
    sent !== null
      ? { kind: 'sent', ticket: sent }
      : sending.state.kind === 'pending'
        ? { kind: 'sending' }
        : sending.state.kind === 'failed'
          ? { kind: 'failed', message: sending.state.message }
          : { kind: 'editing' };

  return { fields, errors: tried ? validate(fields).errors : {}, status, setField, submit, reset };
}
