/**
 * The iCalendar writer against RFC 5545's rules: TEXT escaping, folding at 75 octets without
 * splitting a UTF-8 character (Bangla is three octets a letter), CRLF line ends, and a VCALENDAR
 * whose VTIMEZONE and VEVENTs a calendar app can read back to the values that went in.
 */
import { describe, expect, it } from 'vitest';
import { child, children, parseIcs, prop, unescapeText, type IcsComponent } from '../../../tests/helpers/ics-reader';
import { escapeText, foldLine, icsCalendar, type IcsEvent } from './ics';

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'schedule-7f1c2b8e-3d4a-4c5b-9e6f-0a1b2c3d4e5f@legalconnect.example',
  stamp: new Date('2030-01-02T03:04:05.678Z'),
  created: new Date('2030-01-01T00:00:00.000Z'),
  date: '2030-03-05',
  startTime: '10:00',
  endTime: '11:30',
  summary: 'Hearing',
  ...overrides,
});

describe('TEXT values', () => {
  it('escapes backslash, semicolon, comma and every kind of line break; drops other control characters', () => {
    expect(escapeText('a,b;c\\d')).toBe('a\\,b\\;c\\\\d');
    expect(escapeText('one\ntwo\r\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('bell\u0007 tab\there\u007f')).toBe('bell tab\there');
    expect(escapeText('শুনানি: ঢাকা')).toBe('শুনানি: ঢাকা');
    const tricky = 'Room 3; bring ID, deed\\copy\nthen lunch';
    expect(unescapeText(escapeText(tricky))).toBe(tricky);
  });
});

describe('folding', () => {
  it('leaves a line of 75 octets alone and folds a longer one into 75-octet lines with one leading space', () => {
    const exact = `SUMMARY:${'x'.repeat(67)}`;
    expect(foldLine(exact)).toBe(exact);
    const long = `DESCRIPTION:${'abcdefghij'.repeat(20)}`;
    const physical = foldLine(long).split('\r\n');
    expect(physical.length).toBe(3);
    expect(physical.map((l) => Buffer.byteLength(l))).toEqual([75, 75, Buffer.byteLength(long) - 149 + 1]);
    expect(physical.slice(1).every((l) => l.startsWith(' ') && !l.startsWith('  '))).toBe(true);
    expect(foldLine(long).replace(/\r\n /g, '')).toBe(long);
  });

  it('never splits a multi-octet character, and unfolds to the same text', () => {
    const line = `SUMMARY:${'আদালতে শুনানি — জমি বিরোধ, সাভার; '.repeat(6)}😀 end`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(5);
    for (const part of physical) {
      const bytes = Buffer.from(part, 'utf8');
      expect(bytes.length).toBeLessThanOrEqual(75);
      expect(bytes.toString('utf8')).toBe(part);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('a VCALENDAR', () => {
  it('holds the Dhaka VTIMEZONE and one VEVENT per event, read back to what went in', () => {
    const summary = 'Hearing, room 3; bring ID\\copy';
    const description = `Bring the deed.\nশুনানির আগে মূল দলিল আনুন, সাথে ফটোকপি; ${'অতিরিক্ত তথ্য '.repeat(8)}`;
    const text = icsCalendar({
      name: 'LegalConnect — Karim, Uddin',
      refreshInterval: 'PT1H',
      events: [
        event({
          summary,
          description,
          categories: ['Court hearing', 'a,b'],
          url: 'https://legalconnect.example/case/1',
        }),
        event({ uid: 'second@legalconnect.example', date: '2030-12-31', startTime: '23:00', endTime: '23:59' }),
      ],
    });
    const calendar = parseIcs(Buffer.from(text, 'utf8'));
    expect(prop(calendar, 'VERSION').value).toBe('2.0');
    expect(prop(calendar, 'PRODID').value).toBe('-//LegalConnect//Schedules//EN');
    expect(prop(calendar, 'CALSCALE').value).toBe('GREGORIAN');
    expect(prop(calendar, 'METHOD').value).toBe('PUBLISH');
    expect(unescapeText(prop(calendar, 'X-WR-CALNAME').value)).toBe('LegalConnect — Karim, Uddin');
    expect(prop(calendar, 'X-WR-TIMEZONE').value).toBe('Asia/Dhaka');
    expect(prop(calendar, 'REFRESH-INTERVAL')).toEqual({
      name: 'REFRESH-INTERVAL',
      params: { VALUE: 'DURATION' },
      value: 'PT1H',
    });
    expect(prop(calendar, 'X-PUBLISHED-TTL').value).toBe('PT1H');

    expect(calendar.components.map((c) => c.name)).toEqual(['VTIMEZONE', 'VEVENT', 'VEVENT']);
    const zone = child(calendar, 'VTIMEZONE');
    expect(prop(zone, 'TZID').value).toBe('Asia/Dhaka');
    const standard = child(zone, 'STANDARD');
    expect(prop(standard, 'TZOFFSETFROM').value).toBe('+0600');
    expect(prop(standard, 'TZOFFSETTO').value).toBe('+0600');

    const [vevent, second] = children(calendar, 'VEVENT') as [IcsComponent, IcsComponent];
    expect(prop(vevent, 'UID').value).toBe('schedule-7f1c2b8e-3d4a-4c5b-9e6f-0a1b2c3d4e5f@legalconnect.example');
    expect(prop(vevent, 'DTSTAMP').value).toBe('20300102T030405Z');
    expect(prop(vevent, 'LAST-MODIFIED').value).toBe('20300102T030405Z');
    expect(prop(vevent, 'CREATED').value).toBe('20300101T000000Z');
    expect(prop(vevent, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Asia/Dhaka' },
      value: '20300305T100000',
    });
    expect(prop(vevent, 'DTEND')).toEqual({ name: 'DTEND', params: { TZID: 'Asia/Dhaka' }, value: '20300305T113000' });
    expect(unescapeText(prop(vevent, 'SUMMARY').value)).toBe(summary);
    expect(unescapeText(prop(vevent, 'DESCRIPTION').value)).toBe(description);
    expect(prop(vevent, 'CATEGORIES').value).toBe('Court hearing,a\\,b');
    expect(prop(vevent, 'URL').value).toBe('https://legalconnect.example/case/1');
    expect(prop(vevent, 'STATUS').value).toBe('CONFIRMED');
    // The long Bangla description really was folded.
    expect(text).toMatch(/\r\n [^\r\n]/);

    expect(prop(second, 'DTEND').value).toBe('20301231T235900');
    expect(second.properties.map((p) => p.name)).not.toContain('DESCRIPTION');
  });

  it('is a valid empty calendar when there are no events', () => {
    const calendar = parseIcs(Buffer.from(icsCalendar({ events: [] }), 'utf8'));
    expect(calendar.components.map((c) => c.name)).toEqual(['VTIMEZONE']);
    expect(calendar.properties.map((p) => p.name)).not.toContain('X-WR-CALNAME');
  });
});
