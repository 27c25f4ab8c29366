/**
 * SQL for the lawyer directory and reviews. The search filters APPROVED profiles on the partial
 * indexes of the schema, counts the matches and reads the one page it returns with that page's
 * users (in one statement on PostgreSQL). Free text (parsed by the search analyzer, server/search/db-query.ts) matches the stored
 * search terms by prefix through the GIN index, or a specialization the words name; only when that
 * finds nothing does it fall back to a substring match through a trigram index (a word typed from
 * its middle, or Bangla spelled with a different vowel sign order that NFC does not unify).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { District, Division, PracticingCourt, Specialization } from '../../../contract/enums';
import type { LawyerSortBy } from '../../../contract/lawyers';
import type { Database, Executor } from '../../db/client';
import { lawyerProfiles, reviews, users } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../http/paging';
import { tsQueryOf, type QueryPart } from '../../search/db-query';

export interface DirectoryFilters {
  minExperience: number | null;
  maxExperience: number | null;
  practicingCourt: PracticingCourt | null;
  division: Division | null;
  district: District | null;
  specialization: Specialization | null;
  maxHourlyCharge: number | null;
  minRating: number | null;
  /** The free text as parsed by the search analyzer; empty for none. */
  query: readonly QueryPart[];
}

function specializationArray(list: readonly Specialization[]): SQL {
  return sql`array[${sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  )}]::specialization[]`;
}

/** A word as a LIKE pattern that matches it literally: \\, % and _ escaped (backslash is LIKE's escape). */
export function likeLiteral(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface DirectorySort {
  by: LawyerSortBy;
  direction: 'ASC' | 'DESC';
}

const p = lawyerProfiles;

/** What a search result shows; no certificate or verification internals leave the query. */
const resultColumns = {
  lawyerId: p.id,
  userId: p.userId,
  firm: p.firm,
  yearsOfExperience: p.yearsOfExperience,
  practicingCourt: p.practicingCourt,
  division: p.division,
  district: p.district,
  bio: p.bio,
  languages: p.languages,
  specializations: p.specializations,
  averageRating: p.averageRating,
  reviewCount: p.reviewCount,
  hourlyCharge: p.hourlyCharge,
  createdAt: p.createdAt,
};

export interface DirectoryRow {
  lawyerId: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  profilePicture: string | null;
  firm: string;
  yearsOfExperience: number;
  practicingCourt: PracticingCourt;
  division: Division;
  district: District;
  bio: string;
  languages: ('BN' | 'EN')[];
  specializations: Specialization[];
  averageRating: number | null;
  reviewCount: number;
  hourlyCharge: number | null;
}

/** A result's user as the page statement returns it: first name, last name, email, picture. */
type PersonColumns = [string, string, string, string | null];

export type ReviewRow = typeof reviews.$inferSelect;
export interface ReviewWithClient extends ReviewRow {
  clientFirstName: string;
  clientLastName: string;
}

export interface DirectoryRepositoryOptions {
  /**
   * The page, its count and its users in one statement (PostgreSQL) instead of three (PGlite, where
   * the one statement did not measure better: docs/benchmarks.md, "Cold directory searches").
   */
  oneStatement?: boolean;
}

export class DirectoryRepository {
  constructor(
    private readonly db: Database,
    private readonly options: DirectoryRepositoryOptions = {},
  ) {}

  /**
   * One page of APPROVED lawyers and the true number of matches. With free text, the prefix search
   * runs first; the substring fallback runs only when it matched nothing.
   */
  async search(
    filters: DirectoryFilters,
    sort: DirectorySort,
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    const base = this.filterConditions(filters);
    const parts = filters.query;
    if (parts.length === 0) return this.page(base, this.order(sort, null), page);

    // Each part: its terms by prefix anywhere, or a specialization it names.
    const matches = parts.map((part) => {
      const text = sql`${p.searchVector} @@ ${tsQueryOf(part.match, true)}::tsquery`;
      return part.specializations.length > 0
        ? sql`(${text} or ${p.specializations} && ${specializationArray(part.specializations)})`
        : text;
    });
    // A specialization the words name first, then whole words in the name or firm, then prefixes
    // of all words there, then of any word.
    const named = [...new Set(parts.flatMap((part) => part.specializations))];
    const title = p.searchTitleVector;
    const every = (prefix: boolean) => parts.map((part) => tsQueryOf(part.match, prefix)).join(' & ');
    const some = parts.map((part) => tsQueryOf(part.match, true)).join(' | ');
    const rank = sql`(${named.length > 0 ? sql`8 * (${p.specializations} && ${specializationArray(named)})::int + ` : sql``}4 * (${title} @@ ${every(false)}::tsquery)::int
      + 2 * (${title} @@ ${every(true)}::tsquery)::int
      + (${title} @@ ${some}::tsquery)::int)`;
    const found = await this.page([...base, ...matches], this.order(sort, rank), page);
    if (found.total > 0) return found;

    // Each word anywhere in the stored text, through the trigram index of migration 0021 (whose
    // expression this must stay: the names and firm, one space, the bio). A word of one or two
    // characters has no trigram to look up: the index would be read whole, slower than the scan
    // (docs/benchmarks.md, "Substring search through a trigram index").
    const words = parts.flatMap((part) => part.words);
    const text = sql`(${p.searchTitle} || ' ' || ${p.searchBody})`;
    const infix = words.map((t) =>
      [...t].length >= 3 ? sql`${text} like ${`%${likeLiteral(t)}%`}` : sql`strpos(${text}, ${t}) > 0`,
    );
    const infixRank = sql`(${and(...words.map((t) => sql`strpos(${p.searchTitle}, ${t}) > 0`))})::int`;
    return this.page([...base, ...infix], this.order(sort, infixRank), page);
  }

  private filterConditions(f: DirectoryFilters): SQL[] {
    // A literal, not a parameter, so the planner can always prove the partial indexes apply.
    const conditions: SQL[] = [sql`${p.verificationStatus} = 'APPROVED'`];
    if (f.minExperience != null) conditions.push(gte(p.yearsOfExperience, f.minExperience));
    if (f.maxExperience != null) conditions.push(lte(p.yearsOfExperience, f.maxExperience));
    if (f.practicingCourt) conditions.push(eq(p.practicingCourt, f.practicingCourt));
    if (f.division) conditions.push(eq(p.division, f.division));
    if (f.district) conditions.push(eq(p.district, f.district));
    if (f.specialization) conditions.push(sql`${p.specializations} @> array[${f.specialization}]::specialization[]`);
    if (f.maxHourlyCharge != null) conditions.push(lte(p.hourlyCharge, f.maxHourlyCharge));
    // A minimum of 0 asks for nothing; above it, unrated lawyers do not qualify.
    if (f.minRating) conditions.push(gte(p.averageRating, f.minRating));
    return conditions;
  }

  /**
   * ORDER BY for a sort, written to match a partial index of the schema read in order (so an
   * unfiltered page reads ten index entries instead of sorting every lawyer). Nulls (no rating, no
   * charge) go last in both directions; the profile id breaks ties so pages never overlap or skip.
   */
  private order(sort: DirectorySort, rank: SQL | null): SQL[] {
    const descending = sort.direction === 'DESC';
    const rating = descending
      ? [sql`${p.averageRating} desc nulls last`, sql`${p.reviewCount} desc`, sql`${p.id} asc`]
      : [sql`${p.averageRating} asc nulls last`, sql`${p.reviewCount} asc`, sql`${p.id} asc`];
    const notNull = (column: SQL) =>
      descending ? [sql`${column} desc`, sql`${p.id} desc`] : [sql`${column} asc`, sql`${p.id} asc`];
    switch (sort.by) {
      case 'RELEVANCE':
        return rank
          ? [
              descending ? sql`${rank} desc` : sql`${rank} asc`,
              sql`${p.averageRating} desc nulls last`,
              sql`${p.id} asc`,
            ]
          : rating;
      case 'RATING':
        return rating;
      case 'EXPERIENCE':
        return notNull(sql`${p.yearsOfExperience}`);
      case 'HOURLY_CHARGE':
        return [
          descending ? sql`${p.hourlyCharge} desc nulls last` : sql`${p.hourlyCharge} asc nulls last`,
          sql`${p.id} asc`,
        ];
      case 'NEWEST':
        return notNull(sql`${p.createdAt}`);
    }
  }

  /**
   * The page, the count of all matches and the page's users in one statement. The count is an
   * uncorrelated subquery (run once, on the page's snapshot). The user is a correlated subquery in
   * the select list, which PostgreSQL evaluates after the sort and LIMIT, for the page's rows only:
   * joining users before the LIMIT would join every match (thousands for a broad search) only to
   * keep ten. Only a page past the last one asks for the count alone.
   */
  private async page(
    conditions: SQL[],
    orderBy: SQL[],
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    if (!this.options.oneStatement) return this.pageInSteps(conditions, orderBy, page);
    const where = and(...conditions);
    const counted = this.db.select({ n: count() }).from(p).where(where);
    const person = sql<
      PersonColumns | string | null
    >`(select json_build_array(${users.firstName}, ${users.lastName}, ${users.email}, ${users.profilePicture}) from ${users} where ${users.id} = ${p.userId})`;
    const found = await this.db
      .select({ ...resultColumns, person, total: sql<number>`(${counted})`.mapWith(Number) })
      .from(p)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.size)
      .offset(pageOffset(page));
    if (found.length === 0) {
      // The first page empty: nothing matches. A later one: past the end, so count on their own.
      if (pageOffset(page) === 0) return { rows: [], total: 0 };
      const [totalRow] = await counted;
      return { rows: [], total: totalRow?.n ?? 0 };
    }
    const rows: DirectoryRow[] = [];
    for (const { person: raw, total: _total, ...profile } of found) {
      if (raw === null) continue;
      const [firstName, lastName, email, profilePicture] =
        typeof raw === 'string' ? (JSON.parse(raw) as PersonColumns) : raw;
      rows.push({ ...profile, firstName, lastName, email, profilePicture });
    }
    return { rows, total: found[0]?.total ?? 0 };
  }

  /** Count, then the page, then the page's users (three round trips; PGlite, see the options). */
  private async pageInSteps(
    conditions: SQL[],
    orderBy: SQL[],
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    const where = and(...conditions);
    const [totalRow] = await this.db.select({ n: count() }).from(p).where(where);
    const total = totalRow?.n ?? 0;
    if (total === 0 || pageOffset(page) >= total) return { rows: [], total };
    const profiles = await this.db
      .select(resultColumns)
      .from(p)
      .where(where)
      .orderBy(...orderBy)
      .limit(page.size)
      .offset(pageOffset(page));
    if (profiles.length === 0) return { rows: [], total };
    const people = await this.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        profilePicture: users.profilePicture,
      })
      .from(users)
      .where(
        inArray(
          users.id,
          profiles.map((row) => row.userId),
        ),
      );
    const byId = new Map(people.map((person) => [person.id, person]));
    const rows: DirectoryRow[] = [];
    for (const profile of profiles) {
      const person = byId.get(profile.userId);
      if (!person) continue;
      const { firstName, lastName, email, profilePicture } = person;
      rows.push({ ...profile, firstName, lastName, email, profilePicture });
    }
    return { rows, total };
  }

  // ── Reviews ──────────────────────────────────────────────────────────────────────────────────

  /** Inserts, or returns null when the case already has a review (the unique index decides). */
  async insertReview(
    review: { caseId: string; lawyerId: string; clientId: string; rating: number; review: string; now: Date },
    tx: Executor,
  ): Promise<ReviewRow | null> {
    const [row] = await tx
      .insert(reviews)
      .values({
        caseId: review.caseId,
        lawyerId: review.lawyerId,
        clientId: review.clientId,
        rating: review.rating,
        review: review.review,
        createdAt: review.now,
        updatedAt: review.now,
      })
      .onConflictDoNothing({ target: reviews.caseId })
      .returning();
    return row ?? null;
  }

  /** A review written by this client; null when it is someone else's (or does not exist). */
  async findAuthored(id: string, clientId: string, tx: Executor = this.db): Promise<ReviewRow | null> {
    const [row] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.clientId, clientId)))
      .limit(1);
    return row ?? null;
  }

  async updateAuthored(
    id: string,
    clientId: string,
    changes: { rating: number; review: string; now: Date },
    tx: Executor,
  ): Promise<ReviewRow | null> {
    const [row] = await tx
      .update(reviews)
      .set({ rating: changes.rating, review: changes.review, updatedAt: changes.now })
      .where(and(eq(reviews.id, id), eq(reviews.clientId, clientId)))
      .returning();
    return row ?? null;
  }

  async deleteAuthored(id: string, clientId: string, tx: Executor): Promise<ReviewRow | null> {
    const [row] = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.clientId, clientId)))
      .returning();
    return row ?? null;
  }

  async findByCase(caseId: string): Promise<ReviewWithClient | null> {
    const [row] = await this.withClient().where(eq(reviews.caseId, caseId)).limit(1);
    return row ?? null;
  }

  async listForLawyer(
    lawyerId: string,
    page: PageRequest & { sortDirection: 'ASC' | 'DESC' },
  ): Promise<{ rows: ReviewWithClient[]; total: number }> {
    const where = eq(reviews.lawyerId, lawyerId);
    const order = page.sortDirection === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      this.withClient()
        .where(where)
        .orderBy(order(reviews.createdAt), order(reviews.id))
        .limit(page.size)
        .offset(pageOffset(page)),
      this.db.select({ n: count() }).from(reviews).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Recomputes the lawyer's average and count from their reviews. Callers lock the profile row
   * first, so this statement sees every review committed before it (READ COMMITTED takes its
   * snapshot per statement, after the lock is granted).
   */
  async refreshRating(lawyerId: string, tx: Executor): Promise<void> {
    await tx
      .update(lawyerProfiles)
      .set({
        averageRating: sql`(select round(avg(${reviews.rating}), 2) from ${reviews} where ${reviews.lawyerId} = ${lawyerId})`,
        reviewCount: sql`(select count(*) from ${reviews} where ${reviews.lawyerId} = ${lawyerId})`,
      })
      .where(eq(lawyerProfiles.userId, lawyerId));
  }

  private withClient(tx: Executor = this.db) {
    return tx
      .select({
        id: reviews.id,
        caseId: reviews.caseId,
        lawyerId: reviews.lawyerId,
        clientId: reviews.clientId,
        rating: reviews.rating,
        review: reviews.review,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
        clientFirstName: users.firstName,
        clientLastName: users.lastName,
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.clientId))
      .$dynamic();
  }
}
