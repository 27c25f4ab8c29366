// Packs the law corpus the product ships (server/ai/corpus/laws.json.gz) from the curated data set
// ../shared/data/bd-laws (95 Acts, 7 249 sections; see server/ai/corpus/NOTICE.md for source and
// licence). Run by hand when the data set changes: `node scripts/build-law-corpus.mjs [dir]`. The
// app and its tests read only the packed file, never the data set.
//
// Only the statutory text is kept: the upstream MDX's footnote markers and link markup are removed
// (they are the upstream's layout, not public statute text); amendment brackets stay, as printed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.resolve(root, process.argv[2] ?? '../shared/data/bd-laws');
const readJsonl = (file) =>
  readFileSync(path.join(source, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

function clean(text) {
  return (
    text
      // [label](/laws/act-430 "title") → label
      .replace(/\[([^\]]*)\]\(\/laws\/[^)]*\)/g, '$1')
      // footnote markers: [12](3) and a bare [12] before an amendment bracket
      .replace(/\[[0-9০-৯]+\]\([0-9০-৯]+\)/g, '')
      .replace(/\[[0-9০-৯]+\](?=\[)/g, '')
      .replace(/\\\*/g, '*')
      .normalize('NFC')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

const sections = readJsonl('sections.jsonl');
const inSubset = new Set(sections.map((s) => s.act_id));
const acts = readJsonl('acts.jsonl')
  .filter((a) => inSubset.has(a.act_id))
  .map((a) => ({
    actId: a.act_id,
    title: a.title.normalize('NFC'),
    actNo: sections.find((s) => s.act_id === a.act_id)?.act_no ?? '',
    year: a.year,
    language: a.language,
    url: a.official_url,
  }));
const packed = {
  source: 'OpenSourceBangladesh/laws@400d57c495250de3f9e6b7d25af8231290f9b711 via ../shared/data/bd-laws',
  acts,
  sections: sections.map((s, position) => ({
    id: s.id,
    actId: s.act_id,
    position,
    section: s.section,
    heading: clean(s.heading ?? ''),
    text: clean(s.text),
  })),
};
const out = path.join(root, 'server', 'ai', 'corpus', 'laws.json.gz');
writeFileSync(out, gzipSync(JSON.stringify(packed), { level: 9 }));
console.log(`${acts.length} acts, ${packed.sections.length} sections → ${path.relative(root, out)}`);
