import { describe, expect, it } from 'vitest';
import { createDomainEvents, type EventDelivery } from './domain-events';

// The fan-out's guarantees without a database: every subscriber of an event once, in the order they subscribed; a
// throwing subscriber is logged and the others still run; other processes' events reach only those that ask for them.

function fanOut() {
  const errors: [object, string][] = [];
  const events = createDomainEvents({ log: { error: (obj, msg) => errors.push([obj, msg]) } });
  const deliveries: EventDelivery[] = [];
  events.observe((delivery) => deliveries.push(delivery));
  return { events, errors, deliveries };
}

describe('the domain event fan-out', () => {
  it('calls every subscriber of an event once, in the order they subscribed', async () => {
    const { events } = fanOut();
    const calls: string[] = [];
    events.on('listing.updated', () => void calls.push('cache'), { subscriber: 'cache' });
    events.on(
      ['listing.updated', 'listing.unpublished'],
      async () => {
        calls.push('realtime:start');
        await new Promise((resolve) => setTimeout(resolve, 5));
        calls.push('realtime:end');
      },
      { subscriber: 'realtime' },
    );
    events.on('listing.published', () => void calls.push('worker'), { subscriber: 'worker' });
    await events.emit('listing.updated', { postId: 1 });
    expect(calls).toEqual(['cache', 'realtime:start', 'realtime:end']);
  });

  it('logs a subscriber that throws or rejects, and still runs the others', async () => {
    const { events, errors, deliveries } = fanOut();
    const heard: number[] = [];
    events.on(
      'listing.unpublished',
      () => {
        throw new Error('broken');
      },
      { subscriber: 'sync-thrower' },
    );
    events.on('listing.unpublished', () => Promise.reject(new Error('rejected')), { subscriber: 'rejecter' });
    events.on('listing.unpublished', (event) => void heard.push(event.payload.postId), { subscriber: 'cache' });
    await expect(events.emit('listing.unpublished', { postId: 5 })).resolves.toBeUndefined();
    expect(heard).toEqual([5]);
    expect(errors.map(([obj, msg]) => [(obj as { subscriber: string }).subscriber, msg])).toEqual([
      ['sync-thrower', 'Событие listing.unpublished: подписчик sync-thrower завершился с ошибкой'],
      ['rejecter', 'Событие listing.unpublished: подписчик rejecter завершился с ошибкой'],
    ]);
    expect(deliveries.map((d) => [d.subscriber, d.ok])).toEqual([
      ['sync-thrower', false],
      ['rejecter', false],
      ['cache', true],
    ]);
  });

  it('delivers events one after another, in the order they were announced', async () => {
    const { events } = fanOut();
    const seen: string[] = [];
    events.on(
      ['listing.published', 'listing.unpublished'],
      async (event) => {
        // The first event's subscriber is slower; the second still waits for it.
        if (event.name === 'listing.published') await new Promise((resolve) => setTimeout(resolve, 10));
        seen.push(event.name);
      },
      { subscriber: 'realtime' },
    );
    await Promise.all([
      events.emit('listing.published', { postId: 1, audience: 'everyone' }),
      events.emit('listing.unpublished', { postId: 1 }),
    ]);
    expect(seen).toEqual(['listing.published', 'listing.unpublished']);
  });

  it('hands other processes’ events only to subscribers that hear every process', async () => {
    const { events } = fanOut();
    const heard: string[] = [];
    events.on('listing.updated', () => void heard.push('realtime'), { subscriber: 'realtime' });
    events.on('listing.updated', () => void heard.push('cache'), { subscriber: 'cache', from: 'anywhere' });
    await events.receive({ name: 'listing.updated', payload: { postId: 2 } });
    expect(heard).toEqual(['cache']);
    await events.emit('listing.updated', { postId: 2 });
    expect(heard).toEqual(['cache', 'realtime', 'cache']);
  });

  it('stops calling a subscriber that unsubscribed', async () => {
    const { events } = fanOut();
    const heard: number[] = [];
    const off = events.on('listing.updated', (event) => void heard.push(event.payload.postId), { subscriber: 'x' });
    await events.emit('listing.updated', { postId: 1 });
    off();
    await events.emit('listing.updated', { postId: 2 });
    expect(heard).toEqual([1]);
  });
});
