import type { Post, PricePoint, VinFacts } from '@autoradar/contract';
import { routes } from '@autoradar/contract/routes';
import { call as appCall, type Call } from '../../api/client';
import type { TicketRequest } from '../../components/support-dialog/ticket-form';

/** A listing as its page reads it: the post and, when a completed VIN report exists, its facts (issue 33). */
export type PostPageData = Post & { vin_facts?: VinFacts | null | undefined };

/** GET /api/posts/:id; failures reach the caller as ApiError (the call atom turns them into a state). */
export async function fetchPost(id: string, signal?: AbortSignal, call: Call = appCall): Promise<PostPageData> {
  const { data, vin_facts } = await call(routes.posts.get, { params: { id }, signal });
  return vin_facts === undefined ? data : { ...data, vin_facts };
}

/** PUT /api/posts/:id/unpublish (admins); the API broadcasts post.unpublished to everyone on the page. */
export async function unpublishPost(id: number, call: Call = appCall): Promise<void> {
  await call(routes.posts.unpublish, { params: { id: String(id) } });
}

/** POST /api/tickets: an inspection order; resolves with the server's ticket number. */
export async function orderInspection(request: TicketRequest, call: Call = appCall): Promise<string> {
  const { ticket } = await call(routes.support.orderInspection, {
    body: {
      message: request.message,
      contacts: request.contacts ?? '',
      ticket: request.ticket,
      url: request.url,
    },
  });
  return ticket;
}

/** GET /api/posts/:id/prices: every price the listing had, oldest first (issue 33). */
export async function fetchPriceHistory(id: number, signal?: AbortSignal, call: Call = appCall): Promise<PricePoint[]> {
  const { data } = await call(routes.notes.prices, { params: { id: String(id) }, signal });
  return data;
}
