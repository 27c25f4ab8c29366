/**
 * STOMP 1.2 frames on the wire (https://stomp.github.io/stomp-specification-1.2.html): an incremental
 * parser for what clients send and a serializer for what the server sends. Pure: no I/O, no timers.
 *
 * The parser works on bytes because `content-length` counts octets, while SockJS hands us strings:
 * a frame may be split across transport messages, several frames (and heart-beat EOLs) may share
 * one, and a body with a `content-length` may contain NULs. Anything malformed, unknown or larger
 * than the frame limit is a StompParseError; the broker answers it with an ERROR frame and closes,
 * as the specification requires.
 */

export const CLIENT_COMMANDS = [
  'CONNECT',
  'STOMP',
  'SEND',
  'SUBSCRIBE',
  'UNSUBSCRIBE',
  'ACK',
  'NACK',
  'BEGIN',
  'COMMIT',
  'ABORT',
  'DISCONNECT',
] as const;
export const SERVER_COMMANDS = ['CONNECTED', 'MESSAGE', 'RECEIPT', 'ERROR'] as const;

export type ClientCommand = (typeof CLIENT_COMMANDS)[number];
export type ServerCommand = (typeof SERVER_COMMANDS)[number];

/** Header names are case-sensitive in STOMP; only the first of repeated entries counts (§ Repeated Header Entries). */
export type StompHeaders = Readonly<Record<string, string>>;

export interface StompFrame<C extends string = string> {
  command: C;
  headers: StompHeaders;
  /** The body decoded as UTF-8 (SockJS carries text only). */
  body: string;
}

export type ParsedItem<C extends string> = { kind: 'frame'; frame: StompFrame<C> } | { kind: 'heartbeat' };

export class StompParseError extends Error {
  constructor(
    message: string,
    /** Frame headers read so far (for a `receipt-id` on the ERROR), when the headers were complete. */
    readonly headers: StompHeaders | null = null,
  ) {
    super(message);
    this.name = 'StompParseError';
  }
}

export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024;
const MAX_HEADERS = 64;

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

export interface StompParserOptions<C extends string> {
  /** Commands accepted; anything else is an error (the server parses CLIENT_COMMANDS, tests SERVER_COMMANDS). */
  commands: readonly C[];
  /** Largest whole frame (command, headers and body) in bytes. */
  maxFrameBytes?: number;
}

/**
 * Feed it transport messages in order with push(); it returns every complete frame and heart-beat
 * they finish. After it has thrown once it is spent (the connection is going away).
 */
export class StompParser<C extends string = ClientCommand> {
  private readonly commands: ReadonlySet<string>;
  private readonly maxFrameBytes: number;
  private buffer: Buffer = Buffer.alloc(0);
  /** Where the search for the end of the frame's headers or body resumes, relative to the buffer. */
  private scanFrom = 0;
  private failed: StompParseError | null = null;

  constructor(options: StompParserOptions<C>) {
    this.commands = new Set(options.commands);
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  }

  /** Bytes held for a frame not yet complete. */
  get pendingBytes(): number {
    return this.buffer.length;
  }

  push(chunk: string | Uint8Array): ParsedItem<C>[] {
    if (this.failed) throw this.failed;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk);
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    const items: ParsedItem<C>[] = [];
    try {
      for (;;) {
        const item = this.next();
        if (!item) break;
        items.push(item);
      }
    } catch (error) {
      if (error instanceof StompParseError) this.failed = error;
      this.buffer = Buffer.alloc(0);
      throw error;
    }
    return items;
  }

  /** One heart-beat or frame from the start of the buffer, or null when more bytes are needed. */
  private next(): ParsedItem<C> | null {
    const buf = this.buffer;
    if (buf.length === 0) return null;

    // Between frames, an EOL (LF or CR LF) is a heart-beat.
    if (buf[0] === LF) return this.consume(1, { kind: 'heartbeat' });
    if (buf[0] === CR) {
      if (buf.length < 2) return null;
      if (buf[1] !== LF) throw new StompParseError('Malformed frame: CR not followed by LF');
      return this.consume(2, { kind: 'heartbeat' });
    }

    const headerEnd = this.findHeaderEnd(buf);
    if (headerEnd === null) {
      this.checkSize(buf.length);
      return null;
    }
    const { command, headers } = this.parseHead(buf.subarray(0, headerEnd.linesEnd));
    const bodyStart = headerEnd.bodyStart;

    const lengthHeader = headers['content-length'];
    let bodyEnd: number;
    if (lengthHeader !== undefined) {
      if (!/^\d{1,10}$/.test(lengthHeader)) throw new StompParseError('Invalid content-length header', headers);
      const length = Number(lengthHeader);
      this.checkSize(bodyStart + length + 1, headers);
      if (buf.length < bodyStart + length + 1) return null;
      bodyEnd = bodyStart + length;
      if (buf[bodyEnd] !== NUL) throw new StompParseError('Frame body is longer than its content-length', headers);
    } else {
      const nul = buf.indexOf(NUL, Math.max(bodyStart, this.scanFrom));
      if (nul === -1) {
        this.checkSize(buf.length, headers);
        this.scanFrom = buf.length;
        return null;
      }
      bodyEnd = nul;
    }
    this.checkSize(bodyEnd + 1, headers);
    const body = buf.toString('utf8', bodyStart, bodyEnd);
    return this.consume(bodyEnd + 1, { kind: 'frame', frame: { command: command as C, headers, body } });
  }

  private consume(length: number, item: ParsedItem<C>): ParsedItem<C> {
    this.buffer = this.buffer.subarray(length);
    this.scanFrom = 0;
    return item;
  }

  private checkSize(bytes: number, headers: StompHeaders | null = null): void {
    if (bytes > this.maxFrameBytes) {
      throw new StompParseError(`Frame too large (limit ${this.maxFrameBytes} bytes)`, headers);
    }
  }

  /**
   * The end of the command and header lines: the first empty line. Also rejects an unknown
   * command as soon as its line is complete, so garbage never waits for the size limit.
   */
  private findHeaderEnd(buf: Buffer): { linesEnd: number; bodyStart: number } | null {
    const firstLf = buf.indexOf(LF);
    if (firstLf === -1) {
      if (buf.length > 32) this.checkCommand(buf.toString('latin1', 0, 32));
      return null;
    }
    this.checkCommand(buf.toString('utf8', 0, firstLf > 0 && buf[firstLf - 1] === CR ? firstLf - 1 : firstLf));
    let lineStart = firstLf + 1;
    for (;;) {
      const lf = buf.indexOf(LF, lineStart);
      if (lf === -1) return null;
      const emptyLine = lf === lineStart || (lf === lineStart + 1 && buf[lineStart] === CR);
      if (emptyLine) return { linesEnd: lineStart, bodyStart: lf + 1 };
      lineStart = lf + 1;
    }
  }

  private checkCommand(command: string): void {
    if (!this.commands.has(command)) {
      throw new StompParseError(`Unknown command ${JSON.stringify(command.slice(0, 32))}`);
    }
  }

  /** Command and headers from the bytes before the empty line (each line ends with LF or CR LF). */
  private parseHead(head: Buffer): { command: string; headers: StompHeaders } {
    const lines = head.toString('utf8').split('\n');
    lines.pop(); // the text ends with the last line's LF
    const [commandLine = '', ...headerLines] = lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
    if (headerLines.length > MAX_HEADERS) throw new StompParseError(`Too many headers (limit ${MAX_HEADERS})`);
    const escaped = commandLine !== 'CONNECT' && commandLine !== 'CONNECTED' && commandLine !== 'STOMP';
    const headers: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new StompParseError('Malformed header line');
      const name = escaped ? unescapeHeader(line.slice(0, colon)) : line.slice(0, colon);
      const value = escaped ? unescapeHeader(line.slice(colon + 1)) : line.slice(colon + 1);
      if (!(name in headers)) headers[name] = value;
    }
    return { command: commandLine, headers };
  }
}

const ESCAPES: Readonly<Record<string, string>> = { r: '\r', n: '\n', c: ':', '\\': '\\' };

/** Undoes §Value Encoding; an undefined escape sequence is a fatal protocol error. */
export function unescapeHeader(value: string): string {
  if (!value.includes('\\')) return value;
  return value.replace(/\\(.?)/gs, (_match, next: string) => {
    const decoded = ESCAPES[next];
    if (decoded === undefined) throw new StompParseError(`Invalid escape sequence in header: \\${next}`);
    return decoded;
  });
}

export function escapeHeader(value: string): string {
  return value.replace(/[\\\r\n:]/g, (c) => (c === '\\' ? '\\\\' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\c'));
}

export interface OutgoingFrame {
  command: string;
  headers?: Readonly<Record<string, string | number | undefined>>;
  body?: string;
}

/**
 * The wire text of a frame. Headers are escaped except on CONNECT/CONNECTED (which predate
 * escaping); a body always gets a `content-length` in UTF-8 bytes, so clients never scan it for NULs.
 */
export function serializeFrame(frame: OutgoingFrame): string {
  const escape = frame.command === 'CONNECTED' || frame.command === 'CONNECT' ? (v: string) => v : escapeHeader;
  const body = frame.body ?? '';
  let text = `${frame.command}\n`;
  for (const [name, value] of Object.entries(frame.headers ?? {})) {
    if (value === undefined || name === 'content-length') continue;
    text += `${escape(name)}:${escape(String(value))}\n`;
  }
  if (body.length > 0 || frame.command === 'MESSAGE') text += `content-length:${Buffer.byteLength(body, 'utf8')}\n`;
  return `${text}\n${body}\0`;
}

/** A heart-beat as the server sends it. */
export const HEARTBEAT = '\n';
