/**
 * The STOMP 1.2 codec on its own: frames split anywhere and batched together, heart-beat EOLs,
 * header escaping (and its absence on CONNECT), content-length bodies with NULs in them, the size
 * limit, and the errors that end a connection.
 */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_COMMANDS,
  escapeHeader,
  serializeFrame,
  SERVER_COMMANDS,
  StompParseError,
  StompParser,
  unescapeHeader,
  type ParsedItem,
} from './stomp-codec';

const parser = (maxFrameBytes?: number) => new StompParser({ commands: CLIENT_COMMANDS, maxFrameBytes });

function frames(items: ParsedItem<string>[]) {
  return items.flatMap((item) => (item.kind === 'frame' ? [item.frame] : []));
}

function heartbeats(items: ParsedItem<string>[]) {
  return items.filter((item) => item.kind === 'heartbeat').length;
}

describe('StompParser', () => {
  it('parses a frame with headers and a NUL-terminated body', () => {
    const [frame] = frames(parser().push('SEND\ndestination:/app/x\nreceipt:7\n\nhello\0'));
    expect(frame).toEqual({ command: 'SEND', headers: { destination: '/app/x', receipt: '7' }, body: 'hello' });
  });

  it('accepts CR LF line endings', () => {
    const [frame] = frames(parser().push('SUBSCRIBE\r\nid:1\r\ndestination:/topic/a\r\n\r\n\0'));
    expect(frame).toEqual({ command: 'SUBSCRIBE', headers: { id: '1', destination: '/topic/a' }, body: '' });
  });

  it('assembles a frame split at every possible byte boundary', () => {
    const wire = 'SEND\ndestination:/app/chat/send\ncontent-type:application/json\n\n{"content":"সালাম"}\0';
    const bytes = Buffer.from(wire, 'utf8');
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const p = parser();
      const first = p.push(bytes.subarray(0, cut));
      const second = p.push(bytes.subarray(cut));
      const all = frames([...first, ...second]);
      expect(all, `cut at ${cut}`).toHaveLength(1);
      expect(all[0]?.body).toBe('{"content":"সালাম"}');
      expect(p.pendingBytes).toBe(0);
    }
  });

  it('assembles a frame delivered one byte at a time', () => {
    const p = parser();
    const items = [...Buffer.from('SEND\ndestination:/app/x\ncontent-length:3\n\na\0b\0')].flatMap((byte) =>
      p.push(Uint8Array.of(byte)),
    );
    expect(frames(items)).toEqual([
      { command: 'SEND', headers: { destination: '/app/x', 'content-length': '3' }, body: 'a\0b' },
    ]);
  });

  it('returns every frame of a batch, with heart-beats between and after them', () => {
    const p = parser();
    const items = p.push(
      '\nSUBSCRIBE\nid:0\ndestination:/topic/user-1\n\n\0\r\n\nSEND\ndestination:/app/ping\n\n\0\nDISCONNECT\nreceipt:9\n\n\0\n\n',
    );
    expect(frames(items).map((f) => f.command)).toEqual(['SUBSCRIBE', 'SEND', 'DISCONNECT']);
    expect(heartbeats(items)).toBe(6);
  });

  it('reports lone EOLs as heart-beats and waits for the LF of a split CR LF', () => {
    const p = parser();
    expect(heartbeats(p.push('\n'))).toBe(1);
    expect(p.push('\r')).toEqual([]);
    expect(heartbeats(p.push('\n'))).toBe(1);
    expect(p.pendingBytes).toBe(0);
  });

  it('reads exactly content-length bytes, NULs included, counted in UTF-8', () => {
    const body = 'a\0ব\0z';
    const length = Buffer.byteLength(body);
    const p = parser();
    const items = p.push(
      `SEND\ndestination:/app/x\ncontent-length:${length}\n\n${body}\0SEND\ndestination:/app/y\n\nnext\0`,
    );
    expect(frames(items).map((f) => f.body)).toEqual([body, 'next']);
  });

  it('waits for the whole content-length body even when a NUL arrives early', () => {
    const p = parser();
    expect(p.push('SEND\ndestination:/app/x\ncontent-length:4\n\nab\0')).toEqual([]);
    expect(frames(p.push('c\0'))[0]?.body).toBe('ab\0c');
  });

  it('refuses a content-length body not followed by NUL', () => {
    expect(() => parser().push('SEND\ndestination:/app/x\ncontent-length:2\n\nabc\0')).toThrow(
      'Frame body is longer than its content-length',
    );
  });

  it('refuses a malformed content-length', () => {
    expect(() => parser().push('SEND\ndestination:/app/x\ncontent-length:-1\n\n\0')).toThrow(
      'Invalid content-length header',
    );
  });

  it('unescapes header names and values, except on CONNECT', () => {
    const [send] = frames(parser().push('SEND\ndestination:/app/x\nk\\cey:a\\nb\\rc\\\\d\\ce\n\n\0'));
    expect(send?.headers['k:ey']).toBe('a\nb\rc\\d:e');
    const [connect] = frames(parser().push('CONNECT\naccept-version:1.2\nAuthorization:Bearer a\\cb\nx:y:z\n\n\0'));
    expect(connect?.headers).toEqual({ 'accept-version': '1.2', Authorization: 'Bearer a\\cb', x: 'y:z' });
  });

  it('refuses an undefined escape sequence', () => {
    const error = catchError(() => parser().push('SEND\ndestination:/app/x\nbad:a\\tb\n\n\0'));
    expect(error).toBeInstanceOf(StompParseError);
    expect(error?.message).toBe('Invalid escape sequence in header: \\t');
  });

  it('keeps the first of repeated headers', () => {
    const [frame] = frames(parser().push('SEND\ndestination:/app/first\ndestination:/app/second\n\n\0'));
    expect(frame?.headers.destination).toBe('/app/first');
  });

  it('refuses an unknown command as soon as its line is complete', () => {
    expect(() => parser().push('HELLO\n')).toThrow('Unknown command "HELLO"');
    expect(() => parser().push('GET / HTTP/1.1\r\n')).toThrow(StompParseError);
    expect(() => parser().push('x'.repeat(40))).toThrow(StompParseError);
    // Server commands are not client commands.
    expect(() => parser().push('MESSAGE\n\n\0')).toThrow('Unknown command "MESSAGE"');
  });

  it('refuses a header line without a colon', () => {
    expect(() => parser().push('SEND\ndestination\n\n\0')).toThrow('Malformed header line');
  });

  it('refuses a CR not followed by LF between frames', () => {
    expect(() => parser().push('\rSEND')).toThrow('Malformed frame: CR not followed by LF');
  });

  it('refuses a frame over the size limit, whether it declares its length or not', () => {
    const limit = 1024;
    const declared = catchError(() =>
      parser(limit).push(`SEND\ndestination:/app/x\nreceipt:r1\ncontent-length:${limit}\n\n`),
    );
    expect(declared?.message).toBe(`Frame too large (limit ${limit} bytes)`);
    expect(declared?.headers?.receipt).toBe('r1');

    const p = parser(limit);
    expect(p.push(`SEND\ndestination:/app/x\n\n${'a'.repeat(900)}`)).toEqual([]);
    expect(() => p.push('a'.repeat(200))).toThrow(`Frame too large (limit ${limit} bytes)`);

    expect(() => parser(limit).push(`SEND\ndestination:${'d'.repeat(2000)}`)).toThrow('Frame too large');
  });

  it('accepts a frame of exactly the limit', () => {
    const head = 'SEND\ndestination:/app/x\n\n';
    const body = 'b'.repeat(1024 - head.length - 1);
    expect(frames(parser(1024).push(`${head}${body}\0`))).toHaveLength(1);
  });

  it('stays failed after an error', () => {
    const p = parser();
    expect(() => p.push('BOGUS\n')).toThrow(StompParseError);
    expect(() => p.push('SEND\ndestination:/app/x\n\n\0')).toThrow('Unknown command "BOGUS"');
  });

  it('parses server frames when asked to', () => {
    const p = new StompParser({ commands: SERVER_COMMANDS });
    const [frame] = frames(p.push('CONNECTED\nversion:1.2\nheart-beat:4000,4000\n\n\0'));
    expect(frame?.headers['heart-beat']).toBe('4000,4000');
  });
});

describe('serializeFrame', () => {
  it('escapes headers and adds a byte content-length', () => {
    const wire = serializeFrame({
      command: 'MESSAGE',
      headers: { destination: '/topic/user-1', 'x:y': 'a\nb\\c\r', skipped: undefined },
      body: 'ব',
    });
    expect(wire).toBe('MESSAGE\ndestination:/topic/user-1\nx\\cy:a\\nb\\\\c\\r\ncontent-length:3\n\nব\0');
  });

  it('does not escape CONNECTED headers and omits content-length without a body', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { version: '1.2', 'heart-beat': '4000,4000' } })).toBe(
      'CONNECTED\nversion:1.2\nheart-beat:4000,4000\n\n\0',
    );
  });

  it('always gives a MESSAGE a content-length and ignores one passed in', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { 'content-length': 99 } })).toBe(
      'MESSAGE\ncontent-length:0\n\n\0',
    );
  });

  it('round-trips through the parser, NULs and escapes included', () => {
    const body = 'line1\nline2\0after-nul';
    const wire = serializeFrame({ command: 'ERROR', headers: { message: 'bad: thing\nhere' }, body });
    const [frame] = frames(new StompParser({ commands: SERVER_COMMANDS }).push(wire));
    expect(frame?.headers.message).toBe('bad: thing\nhere');
    expect(frame?.body).toBe(body);
  });
});

describe('header escaping', () => {
  it('escape and unescape are inverses', () => {
    for (const value of ['', 'plain', 'a:b', 'back\\slash', 'cr\rlf\n', '\\c literal']) {
      expect(unescapeHeader(escapeHeader(value))).toBe(value);
    }
  });

  it('refuses a trailing backslash', () => {
    expect(() => unescapeHeader('abc\\')).toThrow(StompParseError);
  });
});

function catchError(fn: () => unknown): StompParseError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof StompParseError) return error;
    throw error;
  }
}
