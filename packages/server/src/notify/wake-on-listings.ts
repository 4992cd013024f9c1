import type { DomainEvents } from '../events/domain-events';

// A listing published anywhere (this process, or another one through the relay) has its notification job committed
// already: the worker looks at once instead of at its next poll. The end of an aggregated listing's delay enqueues
// nothing, so it wakes no one.

export function wakeOnPublishedListings(events: DomainEvents, worker: { wake(): void }): () => void {
  return events.on(
    'listing.published',
    (event) => {
      if (event.payload.audience !== 'guests') worker.wake();
    },
    { subscriber: 'notify-worker', from: 'anywhere' },
  );
}
