import { describe, expect, it } from 'vitest';
import {
  channelKind,
  encodeError,
  generateSocketId,
  isValidChannelName,
  parseClientMessage,
  PROTOCOL_ERRORS,
  SOCKET_ID,
} from './protocol';

describe('client frames', () => {
  it('reads subscribe with data as an object (pusher-js) or as a JSON string', () => {
    const expected = { kind: 'subscribe', channel: 'private-user.1', auth: 'k:s', channelData: undefined };
    expect(parseClientMessage('{"event":"pusher:subscribe","data":{"channel":"private-user.1","auth":"k:s"}}')).toEqual(
      expected,
    );
    expect(
      parseClientMessage(
        JSON.stringify({ event: 'pusher:subscribe', data: JSON.stringify({ channel: 'private-user.1', auth: 'k:s' }) }),
      ),
    ).toEqual(expected);
  });

  it('turns anything malformed into a protocol error instead of throwing', () => {
    for (const text of ['', 'not json', '42', 'null', '[]', '{"data":{}}', '{"event":7}']) {
      expect(parseClientMessage(text)).toEqual({ kind: 'invalid', error: PROTOCOL_ERRORS.invalidMessage });
    }
    expect(parseClientMessage('{"event":"pusher:wat"}')).toEqual({
      kind: 'invalid',
      error: PROTOCOL_ERRORS.unknownEvent,
    });
    expect(parseClientMessage('{"event":"client-typing","channel":"private-user.1"}')).toEqual({
      kind: 'client-event',
    });
    expect(parseClientMessage('{"event":"pusher:subscribe","data":"{oops"}')).toMatchObject({
      kind: 'subscribe',
      channel: undefined,
    });
  });
});

describe('names and frames', () => {
  it('accepts Pusher’s channel alphabet up to 164 characters', () => {
    expect(isValidChannelName('private-user.42')).toBe(true);
    expect(isValidChannelName('a'.repeat(164))).toBe(true);
    expect(isValidChannelName('a'.repeat(165))).toBe(false);
    expect(isValidChannelName('posts feed')).toBe(false);
    expect(isValidChannelName('')).toBe(false);
    expect(isValidChannelName(undefined)).toBe(false);
  });

  it('tells channel kinds apart', () => {
    expect(channelKind('posts')).toBe('public');
    expect(channelKind('private-user.1')).toBe('private');
    expect(channelKind('private-encrypted-user.1')).toBe('private');
    expect(channelKind('presence-room')).toBe('presence');
  });

  it('makes socket ids pusher-js accepts, and errors whose data is a JSON string', () => {
    expect(generateSocketId()).toMatch(SOCKET_ID);
    const frame = JSON.parse(encodeError(PROTOCOL_ERRORS.unauthorized)) as { event: string; data: unknown };
    expect(frame.event).toBe('pusher:error');
    expect(typeof frame.data).toBe('string');
    expect(JSON.parse(frame.data as string)).toEqual({ code: 4009, message: 'Connection is unauthorized' });
  });
});
