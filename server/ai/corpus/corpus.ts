/**
 * The law corpus as the retrieval uses it, and the packed file it ships as (laws.json.gz, made by
 * scripts/build-law-corpus.mjs; source and licence in NOTICE.md). The database holds the same rows
 * (./load.ts); this module only reads the file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';

export const LawActSchema = z.object({
  actId: z.number().int(),
  title: z.string(),
  actNo: z.string(),
  year: z.number().int().nullable(),
  language: z.enum(['en', 'bn']),
  url: z.string(),
});
export type LawAct = z.infer<typeof LawActSchema>;

export const LawSectionSchema = z.object({
  /** `act-<actId>#<n>`, stable across loads. */
  id: z.string(),
  actId: z.number().int(),
  position: z.number().int(),
  /** The section number ("138", "65B"); null for a preamble. */
  section: z.string().nullable(),
  heading: z.string(),
  text: z.string(),
});
export type LawSection = z.infer<typeof LawSectionSchema>;

export interface LawCorpus {
  /** Fingerprint of the packed file the rows came from. */
  version: string;
  acts: LawAct[];
  sections: LawSection[];
}

const PackedSchema = z.object({
  acts: z.array(LawActSchema),
  sections: z.array(LawSectionSchema),
});

/** The packed file: beside this module under tsx, beside the bundle once built (scripts/build-server.mjs). */
export function packedCorpusPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'laws.json.gz'), path.join(here, 'corpus', 'laws.json.gz')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`Law corpus not found (looked in ${candidates.join(', ')})`);
  return found;
}

export function readPackedCorpus(file: string = packedCorpusPath()): LawCorpus {
  const bytes = readFileSync(file);
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const packed = PackedSchema.parse(JSON.parse(gunzipSync(bytes).toString('utf8')));
  return { version, ...packed };
}
