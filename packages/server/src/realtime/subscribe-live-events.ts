import type { Db } from '@autoradar/db';
import { LISTING_EVENTS, type DomainEvents } from '../events/domain-events';
import { createListingAnnouncer } from '../listings/listing-announcer';
import { publishNotesChanged, publishUserUpdated, type EventPublisher } from './live-events';

// The realtime subscriber of a process's fan-out (DESIGN.md §5): each change this process made becomes the live events
// the contract names, through its publisher (the API's broadcaster; the Pusher HTTP events API in the bot's and the
// worker's processes). Another process's changes are that process's to broadcast: the websocket servers share what one
// of them sends (Redis), so hearing them here too would send them twice.

export function subscribeLiveEvents(
  events: DomainEvents,
  deps: { db: Db; publisher: EventPublisher; clock?: () => Date },
): () => void {
  const listings = createListingAnnouncer(deps);
  return events.on(
    [...LISTING_EVENTS, 'user.updated', 'notes.changed'],
    async (event) => {
      switch (event.name) {
        case 'listing.published':
          // `guests`: the delay job found the listing's 24 hours over, and PRO had it at its publication.
          if (event.payload.audience === 'guests') await listings.dueForGuests(event.payload.postId);
          else await listings.published(event.payload.postId);
          return;
        case 'listing.updated':
          await listings.updated(event.payload.postId);
          return;
        case 'listing.unpublished':
          await listings.unpublished(event.payload.postId);
          return;
        case 'user.updated':
          await publishUserUpdated(deps.publisher, event.payload);
          return;
        case 'notes.changed':
          await publishNotesChanged(deps.publisher, event.payload.userId, {
            id: event.payload.id,
            note: event.payload.note,
          });
      }
    },
    { subscriber: 'realtime' },
  );
}
