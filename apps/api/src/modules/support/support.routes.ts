import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { route } from '../../http/route';
import { createTicket, type SupportDeps } from './support.service';

/** Guests may write too, so the forms are limited per IP: enough for a person, not for a flood of staff messages. */
const TICKET_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export function supportRoutes(app: FastifyInstance, deps: SupportDeps): void {
  route(
    app,
    contract.support.send,
    async ({ body, user }) => ({
      ticket: await createTicket(deps, 'support', body, user, app.clock()),
      message: MESSAGES.ticketSent,
    }),
    { rateLimit: TICKET_RATE_LIMIT },
  );
  route(
    app,
    contract.support.orderInspection,
    async ({ body, user }) => ({
      ticket: await createTicket(deps, 'inspection', body, user, app.clock()),
      message: MESSAGES.ticketSent,
    }),
    { rateLimit: TICKET_RATE_LIMIT },
  );
}
