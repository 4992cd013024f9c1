import {
  MESSAGES,
  TICKET_CONTACTS_MAX_LENGTH,
  TICKET_MESSAGE_MAX_LENGTH,
  TICKET_NUMBER_PATTERN,
  URL_MAX_LENGTH,
  validateInspectionForm,
  validateSupportForm,
} from '@autoradar/core';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { answerText, coreRule, MESSAGE_MAX_LENGTH, textSchema } from './fields';
import { named } from './schema-names';

/** A client's ticket number (core TICKET_NUMBER_PATTERN): six digits of date, a hyphen, three digits. */
const TICKET_NUMBER_MAX_LENGTH = 10;
const TicketNumberSchema = z
  .string({ error: MESSAGES.invalidTicket })
  .max(TICKET_NUMBER_MAX_LENGTH, MESSAGES.invalidTicket)
  .regex(TICKET_NUMBER_PATTERN, MESSAGES.invalidTicket);
/**
 * A ticket number as answers carry it: the client's (core TICKET_NUMBER_PATTERN, 10 characters at most) or the
 * server's, whose suffix grows a digit on a day with more than 900 tickets; 20 is far beyond that.
 */
const TicketNumberAnswerSchema = answerText(20);
/** The address of the page the request was sent from. */
const PageUrlSchema = textSchema({ max: URL_MAX_LENGTH });

/** A request's two texts within their lengths; which of them the form asks for is its core rule's to say. */
const ticketMessage = (required?: string) => textSchema({ max: TICKET_MESSAGE_MAX_LENGTH, required });
const ticketContacts = (required?: string) => textSchema({ max: TICKET_CONTACTS_MAX_LENGTH, required });
/** What both requests carry besides their texts: the client's ticket number and the page. */
const ticketOrigin = { ticket: TicketNumberSchema, url: PageUrlSchema };

/** Spec §3: the client numbers the ticket (core generateTicketNumber); `url` is the page it was sent from. */
export const TicketSchema = named(
  'Ticket',
  z.object({
    message: answerText(TICKET_MESSAGE_MAX_LENGTH),
    contacts: answerText(TICKET_CONTACTS_MAX_LENGTH).nullable().optional(),
    ticket: TicketNumberAnswerSchema,
    url: answerText(URL_MAX_LENGTH),
  }),
);
export type Ticket = z.infer<typeof TicketSchema>;

/** Support: the message is required, contacts optional (core validateSupportForm). */
export const SendSupportRequestSchema = named(
  'SendSupportRequest',
  z
    .object({
      message: ticketMessage(MESSAGES.fieldRequired),
      contacts: ticketContacts().nullable().optional(),
      ...ticketOrigin,
    })
    .superRefine(coreRule(validateSupportForm)),
);
export type SendSupportRequest = z.input<typeof SendSupportRequestSchema>;

/** Inspection order: the contact is required, the comment optional (core validateInspectionForm). */
export const OrderInspectionRequestSchema = named(
  'OrderInspectionRequest',
  z
    .object({
      message: ticketMessage().nullable().optional(),
      contacts: ticketContacts(MESSAGES.fieldRequired),
      ...ticketOrigin,
    })
    .superRefine(coreRule(validateInspectionForm)),
);
export type OrderInspectionRequest = z.input<typeof OrderInspectionRequestSchema>;

/** The server's ticket number replaces the client's. */
export const TicketResponseSchema = named(
  'TicketResponse',
  z.object({ ticket: TicketNumberAnswerSchema, message: answerText(MESSAGE_MAX_LENGTH).optional() }),
);

export const supportEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/support',
    summary: 'Send a support request',
    auth: 'guest',
    body: SendSupportRequestSchema,
    responses: { 200: TicketResponseSchema },
  }),
  orderInspection: defineEndpoint({
    method: 'POST',
    path: '/api/tickets',
    summary: 'Order a pre-purchase inspection',
    auth: 'guest',
    body: OrderInspectionRequestSchema,
    responses: { 200: TicketResponseSchema },
  }),
};
