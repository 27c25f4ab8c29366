/** The search analyzer as the database searches use it: stored terms and parsed queries, Bangla first. */
import { describe, expect, it } from 'vitest';
import { indexDocument, indexTerms, parseSearch, termsOfMatch, tsQueryOf } from './db-query';

const termsOf = (query: string) => parseSearch(query, { dropGeneric: true }).map((part) => termsOfMatch(part.match));
const specializationsOf = (query: string) =>
  parseSearch(query, { dropGeneric: true }).flatMap((part) => part.specializations);

describe('indexTerms', () => {
  it('splits on anything but letters, marks and digits, lower-cases, and adds stems', () => {
    expect(indexTerms('Md. Rafiqul ISLAM', "Islam & Associates (O'Brien)")).toEqual(
      expect.arrayContaining(['md', 'rafiqul', 'islam', 'associates', 'associ', 'o', 'brien']),
    );
    expect(indexTerms('জমির বিরোধ')).toEqual(['জমির', 'জমি', 'বিরোধ']);
  });

  it('keeps Bangla words whole: vowel signs, hasanta, visarga, joiners; digits as ASCII', () => {
    expect(indexTerms('মোঃ রফিকুল ইসলাম, ঢাকা-১২০৫।')).toEqual(['মোঃ', 'রফিকুল', 'ইসলাম', 'ঢাকা', '1205']);
    expect(indexTerms('র\u200d্যাব')).toEqual(['র্যাব']);
  });

  it('treats precomposed য় ড় ঢ় and their nukta spellings, NFD text and ZWJ/ZWNJ as one spelling', () => {
    const precomposed = '\u09AC\u09BE\u09DC\u09BF \u09AD\u09BE\u09DC\u09BE\u099F\u09BF\u09DF\u09BE';
    const nukta = '\u09AC\u09BE\u09A1\u09BC\u09BF \u09AD\u09BE\u09A1\u09BC\u09BE\u099F\u09BF\u09AF\u09BC\u09BE';
    expect(indexTerms(precomposed)).toEqual(indexTerms(nukta));
    expect(indexTerms('ন্যায়বিচার'.normalize('NFD'))).toEqual(indexTerms('ন্যায়বিচার'.normalize('NFC')));
    expect(indexTerms('ক্\u200cষ ক্\u200dষ')).toEqual(indexTerms('ক্ষ'));
    expect(tsQueryOf(parseSearch(nukta)[0]!.match, true)).toBe(tsQueryOf(parseSearch(precomposed)[0]!.match, true));
  });

  it('joins the stored document with single spaces', () => {
    expect(indexDocument('  A  b ', null, undefined, '')).toBe('a b');
  });
});

describe('parseSearch', () => {
  it('reduces Bangla inflections to the stem the index also holds', () => {
    for (const [word, stem] of [
      ['জমির', 'জমি'],
      ['তালাকের', 'তালাক'],
      ['আইনজীবীকে', 'আইনজিবি'],
      ['ভাড়াটিয়াতে', 'ভাড়াটিয়া'],
      ['মামলাগুলো', 'মামলা'],
      ['শ্রমিকদের', 'শ্রমিক'],
    ] as const) {
      expect(
        parseSearch(word).flatMap((part) => termsOfMatch(part.match)),
        word,
      ).toContain(stem.normalize('NFC'));
    }
  });

  it('searches Bangla, English and Banglish words of one concept for each other', () => {
    for (const group of [
      ['জমি', 'land', 'jomi'],
      ['তালাক', 'divorce', 'talak'],
      ['জামিন', 'bail', 'jamin'],
      ['উত্তরাধিকার', 'inheritance', 'uttoradhikar'],
      ['ভাড়া', 'rent', 'vara'],
      ['যৌতুক', 'dowry', 'joutuk'],
    ]) {
      const [bangla, english] = group as [string, string];
      for (const query of group) {
        const found = termsOf(query).flat();
        expect(found, query).toContain(bangla);
        expect(found, query).toContain(english);
      }
    }
  });

  it('names a specialization in any of the three languages, by its own name or a concept of it', () => {
    expect(specializationsOf('তালাক')).toContain('FAMILY_LAW');
    expect(specializationsOf('talaker mamla')).toContain('FAMILY_LAW');
    expect(specializationsOf('জমির')).toContain('PROPERTY_LAW');
    expect(specializationsOf('jamin')).toContain('CRIMINAL_LAW');
    expect(specializationsOf('Intellectual Property Law')).toEqual(['INTELLECTUAL_PROPERTY_LAW']);
    expect(specializationsOf('মেধাস্বত্ব আইন')).toEqual(['INTELLECTUAL_PROPERTY_LAW']);
    expect(specializationsOf('Rahman')).toEqual([]);
  });

  it('leaves out stopwords and, in the directory, generic words when other words remain', () => {
    expect(parseSearch('divorce lawyer', { dropGeneric: true })).toHaveLength(1);
    expect(parseSearch('lawyer', { dropGeneric: true })).toHaveLength(1);
    expect(parseSearch('the bail of', {})).toHaveLength(1);
    expect(parseSearch('amar jomir ukil', { dropGeneric: true }).map((part) => part.words)).toEqual([['jomir']]);
  });

  it('searches places in both their names', () => {
    expect(termsOf('dhaka').flat()).toEqual(expect.arrayContaining(['dhaka', 'ঢাকা']));
    expect(termsOf('চট্টগ্রাম').flat()).toEqual(expect.arrayContaining(['chattogram']));
  });

  it('never lets query syntax typed by a user into the tsquery', () => {
    expect(parseSearch(" '&|!():* ")).toEqual([]);
    expect(parseSearch("o'brien & <x>").map((part) => tsQueryOf(part.match, true))).toEqual(["'brien':*"]);
  });
});
