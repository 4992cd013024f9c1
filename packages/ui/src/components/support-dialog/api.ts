import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';
import type { TicketRequest } from './ticket-form';

/** POST /api/support; resolves with the server's ticket number (spec §7). */
export async function sendSupportRequest(request: TicketRequest, call: Call = appCall): Promise<string> {
  const { ticket } = await call(routes.support.send, {
    body: { message: request.message ?? '', contacts: request.contacts, ticket: request.ticket, url: request.url },
  });
  return ticket;
}
