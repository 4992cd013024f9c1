import type { DomainEvents } from '../events/domain-events';

// A listing edited or taken off anywhere (this process, or another through the relay) may owe its favouriters a
// price-drop or sold alert (price-alerts.ts): the worker looks at once instead of at its next poll.

export function wakeOnPriceChanges(events: DomainEvents, worker: { wake(): void }): () => void {
  return events.on(['listing.updated', 'listing.unpublished'], () => worker.wake(), {
    subscriber: 'price-alerts',
    from: 'anywhere',
  });
}
