/**
 * The law corpus in the database: loaded from the packed file the first time a process needs it
 * (idempotent: a database already holding this version is left alone, an older version is replaced
 * in one transaction), then read back for the in-memory index. Instances sharing PostgreSQL take an
 * advisory lock so only one of them loads.
 */
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lawActs, lawSections } from '../../db/schema';
import type { LawAct, LawCorpus } from './corpus';

/** Any number to key the advisory lock that serialises loading across instances. */
const LOAD_LOCK_KEY = 7_413_290_010;
/** Rows per INSERT: 6 parameters each, far below PostgreSQL's 65 535. */
const BATCH = 1000;

export type LoadOutcome = 'present' | 'loaded';

export async function ensureLawCorpus(db: Database, corpus: LawCorpus): Promise<LoadOutcome> {
  if (await holdsVersion(db, corpus)) return 'present';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    if (await holdsVersion(tx, corpus)) return 'present';
    await tx.delete(lawActs);
    await tx.insert(lawActs).values(corpus.acts.map((act) => ({ ...act, corpusVersion: corpus.version })));
    for (let start = 0; start < corpus.sections.length; start += BATCH) {
      await tx.insert(lawSections).values(corpus.sections.slice(start, start + BATCH));
    }
    return 'loaded';
  });
}

async function holdsVersion(db: Pick<Database, 'select'>, corpus: LawCorpus): Promise<boolean> {
  const [acts] = await db.select({ n: count() }).from(lawActs).where(eq(lawActs.corpusVersion, corpus.version));
  if ((acts?.n ?? 0) !== corpus.acts.length) return false;
  const [sections] = await db.select({ n: count() }).from(lawSections);
  return (sections?.n ?? 0) === corpus.sections.length;
}

/** The corpus as the database holds it (what the index is built from). */
export async function readLawCorpus(db: Database): Promise<Omit<LawCorpus, 'version'>> {
  const acts = await db
    .select({
      actId: lawActs.actId,
      title: lawActs.title,
      actNo: lawActs.actNo,
      year: lawActs.year,
      language: lawActs.language,
      url: lawActs.url,
    })
    .from(lawActs);
  const sections = await db
    .select({
      id: lawSections.id,
      actId: lawSections.actId,
      position: lawSections.position,
      section: lawSections.section,
      heading: lawSections.heading,
      text: lawSections.text,
    })
    .from(lawSections)
    .orderBy(lawSections.actId, lawSections.position);
  return { acts: acts.map((act): LawAct => ({ ...act, language: act.language === 'bn' ? 'bn' : 'en' })), sections };
}
