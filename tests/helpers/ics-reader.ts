/**
 * A strict reader of the iCalendar we write, for the calendar suites: it checks the octet-level
 * rules (CRLF everywhere, no physical line over 75 octets, no UTF-8 character split by a fold)
 * before it unfolds the lines and builds the BEGIN/END tree, so a test fails on a file a real
 * calendar app might reject. It reads RFC 5545's content lines, not every corner of the format.
 */

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

/** Parses iCalendar bytes; throws on the first rule broken. */
export function parseIcs(bytes: Buffer): IcsComponent {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) throw new Error('not valid UTF-8');
  if (!text.endsWith('\r\n')) throw new Error('the last line does not end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) throw new Error('a line ends without CRLF');

  let offset = 0;
  for (const line of text.slice(0, -2).split('\r\n')) {
    const octets = Buffer.byteLength(line, 'utf8');
    if (octets > 75) throw new Error(`a line of ${octets} octets: ${line}`);
    // The fold must fall between characters: each physical line decodes on its own.
    const own = bytes.subarray(offset, offset + octets);
    if (own.toString('utf8') !== line) throw new Error(`a fold splits a character: ${line}`);
    offset += octets + 2;
  }

  const lines = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
  const root: IcsComponent = { name: '', properties: [], components: [] };
  const stack: IcsComponent[] = [root];
  for (const line of lines) {
    const property = parseContentLine(line);
    const top = stack.at(-1) as IcsComponent;
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value, properties: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (property.name === 'END') {
      if (top.name !== property.value) throw new Error(`END:${property.value} closes ${top.name}`);
      stack.pop();
    } else {
      if (stack.length === 1) throw new Error(`a property outside any component: ${line}`);
      top.properties.push(property);
    }
  }
  if (stack.length !== 1) throw new Error(`${stack.at(-1)?.name} is never closed`);
  const [calendar, ...rest] = root.components;
  if (!calendar || calendar.name !== 'VCALENDAR' || rest.length > 0) throw new Error('not one VCALENDAR');
  return calendar;
}

/** `NAME;PARAM=value;PARAM="quoted":value` */
function parseContentLine(line: string): IcsProperty {
  const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/s.exec(line);
  if (!match) throw new Error(`not a content line: ${line}`);
  const [, name = '', rawParams = '', value = ''] = match;
  const params: Record<string, string> = {};
  for (const param of rawParams.split(';').slice(1)) {
    const eq = param.indexOf('=');
    params[param.slice(0, eq).toUpperCase()] = param.slice(eq + 1).replace(/^"|"$/g, '');
  }
  return { name: name.toUpperCase(), params, value };
}

/** A TEXT value as the text it encodes (RFC 5545 §3.3.11). */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

/** The one property of this name (throws when absent or repeated). */
export function prop(component: IcsComponent, name: string): IcsProperty {
  const found = component.properties.filter((p) => p.name === name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}`);
  return found[0] as IcsProperty;
}

/** The sub-components of this name, in order. */
export function children(component: IcsComponent, name: string): IcsComponent[] {
  return component.components.filter((c) => c.name === name);
}

/** The one sub-component of this name (throws when absent or repeated). */
export function child(component: IcsComponent, name: string): IcsComponent {
  const found = children(component, name);
  if (found.length !== 1) throw new Error(`${component.name} has ${found.length} ${name}`);
  return found[0] as IcsComponent;
}
