import type { FastifyInstance } from 'fastify';
import { contract } from '@autoradar/contract';
import { MESSAGES } from '@autoradar/core';
import { limited } from '../../http/rate-limits';
import { route } from '../../http/route';
import { createTicket, type SupportDeps } from '@autoradar/server/support/support.service';

export function supportRoutes(app: FastifyInstance, deps: SupportDeps): void {
  route(
    app,
    contract.support.send,
    async ({ body, user }) => ({
      ticket: await createTicket(deps, 'support', body, user, app.clock()),
      message: MESSAGES.ticketSent,
    }),
    // Guests may write too: limited per address and per user, enough for a person, not for a flood of staff messages.
    limited(app, 'support'),
  );
  route(
    app,
    contract.support.orderInspection,
    async ({ body, user }) => ({
      ticket: await createTicket(deps, 'inspection', body, user, app.clock()),
      message: MESSAGES.ticketSent,
    }),
    limited(app, 'inspection'),
  );
}
