import { EventEmitter } from 'node:events';
import type { User } from '@autoradar/contract';

/**
 * Domain events inside one API process. Services announce what changed; the realtime module turns them into
 * websocket events, so no service knows about channels. Listeners must not throw.
 */
export interface DomainEvents {
  'user.updated': [user: User];
}

export type DomainEventBus = EventEmitter<DomainEvents>;

export function createDomainEvents(): DomainEventBus {
  return new EventEmitter<DomainEvents>();
}
