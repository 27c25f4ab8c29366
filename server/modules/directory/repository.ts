/**
 * SQL for the lawyer directory and reviews. The search filters APPROVED profiles on the partial
 * indexes of the schema, counts the matches and reads the one page it returns with that page's
 * users in one statement, on both databases. Free text (parsed by the search analyzer,
 * server/search/db-query.ts) matches the stored search terms by prefix through the GIN index, or a
 * specialization the words name; only when that finds nothing does it fall back to a substring
 * match through a trigram index (a word typed from its middle, or Bangla spelled with a different
 * vowel sign order that NFC does not unify).
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, isNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { District, Division, PracticingCourt, Specialization } from '../../../contract/enums';
import type { LawyerSortBy } from '../../../contract/lawyers';
import type { Database, Executor } from '../../db/client';
import { lazyByKey, preparedRead, rowReader, type RowReader } from '../../db/prepared';
import { PgDialect } from 'drizzle-orm/pg-core';
import { directoryCounts, directorySearch, lawyerProfiles, reviews, users } from '../../db/schema';
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

/** The filters a search may give, in the order they are written into its SQL. */
const FILTER_NAMES = [
  'minExperience',
  'maxExperience',
  'practicingCourt',
  'division',
  'district',
  'specialization',
  'maxHourlyCharge',
  'minRating',
] as const;
type FilterName = (typeof FILTER_NAMES)[number];

/**
 * What a search's SQL depends on, values aside: the filters given, the sort and, per part of the
 * text, whether it names specializations. Two searches of one shape differ only in parameters.
 */
interface SearchShape {
  filters: FilterName[];
  sort: DirectorySort;
  parts: boolean[];
}

function searchShape(filters: DirectoryFilters, sort: DirectorySort): SearchShape {
  return {
    // A minimum rating of 0 asks for nothing; above it, unrated lawyers do not qualify.
    filters: FILTER_NAMES.filter((name) => (name === 'minRating' ? Boolean(filters.minRating) : filters[name] != null)),
    sort: { by: sort.by, direction: sort.direction },
    parts: filters.query.map((part) => part.specializations.length > 0),
  };
}

/**
 * The filters whose counts migration 0023 keeps (directory_counts): a search that uses no others and
 * no free text reads its count there, a sum over at most one row per charge, instead of counting its
 * matches. A district is counted with its division, so a district alone counts the usual way.
 */
const COUNTED_FILTERS: readonly FilterName[] = ['division', 'district', 'specialization', 'maxHourlyCharge'];

function countedByTable(shape: SearchShape): boolean {
  const { filters } = shape;
  return (
    shape.parts.length === 0 &&
    filters.every((name) => COUNTED_FILTERS.includes(name)) &&
    (!filters.includes('district') || filters.includes('division'))
  );
}

/** A list of specializations as one parameter: an array literal (their names are [A-Z_] words). */
function specializationList(list: readonly Specialization[]): string {
  return `{${list.join(',')}}`;
}

/** The values of a search by name, as the placeholders of its shape's statement name them. */
function searchValues(filters: DirectoryFilters): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) values[name] = filters[name];
  const parts = filters.query;
  if (parts.length === 0) return values;
  parts.forEach((part, i) => {
    values[`q${i}`] = tsQueryOf(part.match, true);
    if (part.specializations.length > 0) values[`s${i}`] = specializationList(part.specializations);
  });
  values['named'] = specializationList([...new Set(parts.flatMap((part) => part.specializations))]);
  values['every'] = parts.map((part) => tsQueryOf(part.match, false)).join(' & ');
  values['everyPrefix'] = parts.map((part) => tsQueryOf(part.match, true)).join(' & ');
  values['some'] = parts.map((part) => tsQueryOf(part.match, true)).join(' | ');
  return values;
}

/** A value as a parameter of a query composed per call, or as the placeholder of a prepared one. */
type Bind = (name: string, value: unknown) => unknown;
const byValue: Bind = (_name, value) => value;
const byPlaceholder: Bind = (name) => sql.placeholder(name) satisfies Placeholder;

/**
 * The narrow copy of the searchable columns (migration 0024), under the profiles' own name: the
 * conditions and sort keys written for lawyer_profiles read it unchanged. Counts of the filters and
 * free text, and the relevance ranking's matches, read it (a third of the pages; decision 0025); a
 * page's rows are read from the profiles themselves.
 */
const narrowProfiles = sql`${directorySearch} as ${sql.identifier('lawyer_profiles')}`;

/** Renders the statements written as SQL templates rather than through the query builder. */
const dialect = new PgDialect();

/** Shapes built per instance (named ones are a statement on every PostgreSQL connection); the rest are composed. */
const MAX_SHAPES = 256;

/**
 * The page's user, as a correlated subquery in the select list: PostgreSQL evaluates it after the
 * sort and LIMIT, for the page's rows only (see page()).
 */
const person = sql<
  PersonColumns | string | null
>`(select json_build_array(${users.firstName}, ${users.lastName}, ${users.email}, ${users.profilePicture}) from ${users} where ${users.id} = ${p.userId})`;

/** A row of the one-statement page: the result's columns, its user and the count of all matches. */
type PageRow = Omit<DirectoryRow, 'firstName' | 'lastName' | 'email' | 'profilePicture'> & {
  person: PersonColumns | string | null;
  total: number;
};

/** The one-statement page's rows as results, with the count every row carries. */
function pageOf(found: PageRow[]): { rows: DirectoryRow[]; total: number } {
  const rows: DirectoryRow[] = [];
  // Field by field: an object rest and spread per row measured 3 % of a cold search's thread.
  for (const row of found) {
    const raw = row.person;
    if (raw === null) continue;
    const [firstName, lastName, email, profilePicture] =
      typeof raw === 'string' ? (JSON.parse(raw) as PersonColumns) : raw;
    rows.push({
      lawyerId: row.lawyerId,
      userId: row.userId,
      firstName,
      lastName,
      email,
      profilePicture,
      firm: row.firm,
      yearsOfExperience: row.yearsOfExperience,
      practicingCourt: row.practicingCourt,
      division: row.division,
      district: row.district,
      bio: row.bio,
      languages: row.languages,
      specializations: row.specializations,
      averageRating: row.averageRating,
      reviewCount: row.reviewCount,
      hourlyCharge: row.hourlyCharge,
    });
  }
  return { rows, total: found[0]?.total ?? 0 };
}

/** One key of a sort: what it sorts by, which way, and whether nulls go last. */
interface OrderTerm {
  key: SQL;
  direction: 'asc' | 'desc';
  nullsLast?: boolean;
}

/** A sort term as ORDER BY writes it, over its own key or over a column that holds the key. */
function ordered(term: OrderTerm, key: SQL = term.key): SQL {
  return sql`${key} ${sql.raw(term.direction)}${term.nullsLast ? sql` nulls last` : sql``}`;
}

/** A statement that counts a search's matches (DirectoryRepository.countQuery). */
type CountQuery = ReturnType<DirectoryRepository['countQuery']>;

export class DirectoryRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of APPROVED lawyers and the true number of matches. With free text, the prefix search
   * runs first; the substring fallback runs only when it matched nothing.
   */
  async search(
    filters: DirectoryFilters,
    sort: DirectorySort,
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    const parts = filters.query;
    const found = (await this.preparedSearch(filters, sort, page)) ?? (await this.composedSearch(filters, sort, page));
    if (parts.length === 0 || found.total > 0) return found;

    // Each word anywhere in the stored text, through the trigram index of migration 0021 (whose
    // expression this must stay: the names and firm, one space, the bio). A word of one or two
    // characters has no trigram to look up: the index would be read whole, slower than the scan
    // (docs/benchmarks.md, "Substring search through a trigram index"). Rare (the prefix search
    // found nothing), so composed per call rather than prepared.
    const base = this.filterConditions(searchShape(filters, sort), searchValues(filters), byValue);
    const words = parts.flatMap((part) => part.words);
    const text = sql`(${p.searchTitle} || ' ' || ${p.searchBody})`;
    const infix = words.map((t) =>
      [...t].length >= 3 ? sql`${text} like ${`%${likeLiteral(t)}%`}` : sql`strpos(${text}, ${t}) > 0`,
    );
    const infixRank = sql`(${and(...words.map((t) => sql`strpos(${p.searchTitle}, ${t}) > 0`))})::int`;
    return this.page([...base, ...infix], this.order(sort, infixRank), page);
  }

  /** The filters and the prefix search (without the substring fallback), composed for this call. */
  private composedSearch(
    filters: DirectoryFilters,
    sort: DirectorySort,
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    const shape = searchShape(filters, sort);
    const values = searchValues(filters);
    const { conditions, counting, rank } = this.searchConditions(shape, values, byValue);
    return this.page(conditions, this.order(sort, rank), page, this.countQuery(shape, values, byValue, counting));
  }

  /**
   * The statement that counts a search's matches: a sum over directory_counts when the shape's
   * filters are all counted there (countedByTable), else a count of the matching profiles in their
   * narrow copy. `counting` are the conditions the count of profiles uses (see searchConditions).
   */
  private countQuery(shape: SearchShape, values: Record<string, unknown>, bind: Bind, counting: SQL[]) {
    if (!countedByTable(shape)) return this.countOf(counting, true);
    const c = directoryCounts;
    const value = (name: FilterName) => bind(name, values[name]) as never;
    const given = (name: FilterName) => shape.filters.includes(name);
    return this.db
      .select({ n: sql<number>`coalesce(sum(${c.lawyers}), 0)`.mapWith(Number) })
      .from(c)
      .where(
        and(
          given('division') ? eq(c.division, value('division')) : isNull(c.division),
          given('district') ? eq(c.district, value('district')) : isNull(c.district),
          given('specialization') ? eq(c.specialization, value('specialization')) : isNull(c.specialization),
          ...(given('maxHourlyCharge') ? [lte(c.hourlyCharge, value('maxHourlyCharge'))] : []),
        ),
      );
  }

  /**
   * The count of the APPROVED profiles that meet `conditions`; with `narrow`, read from their narrow
   * copy (conditions on the columns it holds only: the filters and the search vectors, not the
   * substring fallback's text).
   */
  private countOf(conditions: SQL[], narrow = false) {
    return this.db
      .select({ n: count() })
      .from(narrow ? narrowProfiles : p)
      .where(and(...conditions));
  }

  /**
   * The filters and, with free text, the prefix search with its rank: `bind` gives each value
   * either as itself (a parameter of a query composed per call) or as a placeholder of the same
   * name (a query prepared per shape).
   */
  private searchConditions(
    shape: SearchShape,
    values: Record<string, unknown>,
    bind: Bind,
  ): { conditions: SQL[]; counting: SQL[]; rank: SQL | null } {
    const conditions = this.filterConditions(shape, values, bind);
    if (shape.parts.length === 0) return { conditions, counting: conditions, rank: null };
    const counting = [...conditions];
    // Each part: its terms by prefix anywhere, or a specialization it names.
    shape.parts.forEach((names, i) => {
      const query = bind(`q${i}`, values[`q${i}`]);
      const either = (text: SQL) =>
        names ? sql`(${text} or ${p.specializations} && ${bind(`s${i}`, values[`s${i}`])}::specialization[])` : text;
      // The count asks for the query through a subquery, whose value the planner does not know: it
      // then reads the GIN index. Knowing a broad query (a quarter of all lawyers for "land"), it
      // chose to test every row's search vector instead, several times slower than it estimates
      // (27 ms against 4 ms at 10 000 lawyers; docs/benchmarks.md, "Cold directory searches"). A
      // page by relevance does the same, since it ranks every match whatever the plan (a broad word:
      // 14 → 4.4 ms); a page in another order keeps the value, as it is best read along the sort's
      // index until the page is full.
      const throughIndex = either(sql`${p.searchVector} @@ (select ${query}::tsquery)`);
      conditions.push(
        shape.sort.by === 'RELEVANCE' ? throughIndex : either(sql`${p.searchVector} @@ ${query}::tsquery`),
      );
      counting.push(throughIndex);
    });
    // A specialization the words name first, then whole words in the name or firm, then prefixes
    // of all words there, then of any word.
    const title = p.searchTitleVector;
    const named = shape.parts.some(Boolean)
      ? sql`8 * (${p.specializations} && ${bind('named', values['named'])}::specialization[])::int + `
      : sql``;
    const rank = sql`(${named}4 * (${title} @@ ${bind('every', values['every'])}::tsquery)::int
      + 2 * (${title} @@ ${bind('everyPrefix', values['everyPrefix'])}::tsquery)::int
      + (${title} @@ ${bind('some', values['some'])}::tsquery)::int)`;
    return { conditions, counting, rank };
  }

  /**
   * The search as a query built once per shape (the filters given, the sort, the text's parts),
   * every value a placeholder, so drizzle does not compose the SQL again (server/db/prepared.ts).
   * A search of the filters alone is a named statement: PostgreSQL keeps it parsed per connection
   * and, after five executions, uses a generic plan instead of planning each search whenever it
   * estimates that plan no dearer. With a free text or a specialization the statement stays
   * unnamed, planned for its values: a generic plan estimates those matches at 0.5 % of the lawyers
   * whatever the value, so it reads the GIN index and sorts every match where the plan for the
   * value walks the sort's index until the page is full (one specialization, a tenth of the
   * lawyers: 6.1 → 9.1 ms per search at 10 000 lawyers). Null where the composed query runs
   * instead: beyond MAX_SHAPES shapes, and on PGlite for text and specialization shapes (its driver
   * has no row reader; a filter-only shape is drizzle's prepared query there).
   */
  private async preparedSearch(
    filters: DirectoryFilters,
    sort: DirectorySort,
    page: PageRequest,
  ): Promise<{ rows: DirectoryRow[]; total: number } | null> {
    const shape = searchShape(filters, sort);
    const read = this.searchByShape(JSON.stringify(shape));
    if (!read) return null;
    const values = searchValues(filters);
    values['limit'] = page.size;
    values['offset'] = pageOffset(page);
    const found = await read(values);
    // A page past the last one: count on their own (composed; rare).
    if (found.length === 0 && pageOffset(page) > 0) return null;
    return pageOf(found);
  }

  private readonly searchByShape = lazyByKey(
    (key: string): RowReader<PageRow> | null => {
      const shape = JSON.parse(key) as SearchShape;
      const { conditions, counting, rank } = this.searchConditions(shape, {}, byPlaceholder);
      if (shape.parts.length > 0 && shape.sort.by === 'RELEVANCE') return this.rankedByShape(shape, counting, rank);
      const where = and(...conditions);
      const counted = this.countQuery(shape, {}, byPlaceholder, counting);
      const selection = { ...resultColumns, person, total: sql<number>`(${counted})`.mapWith(Number) };
      const query = this.db
        .select(selection)
        .from(p)
        .where(where)
        .orderBy(...this.order(shape.sort, rank))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      if (shape.parts.length > 0 || shape.filters.includes('specialization')) {
        return rowReader<PageRow>(this.db, null, query, selection);
      }
      // One name per shape, the same in every instance (a connection refuses a name reused for another text).
      const name = `directory_search_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
      return preparedRead(this.db, name, query, selection);
    },
    { max: MAX_SHAPES, beyond: () => null },
  );

  /**
   * A free-text search by relevance as one statement that finds its matches once, in the narrow copy
   * through its GIN index (`counting` writes the text that way, see searchConditions): ranking needs every match
   * whatever the plan, so the matches (their id and sort keys only) are materialized, counted,
   * sorted for the page, and only the page's rows are read whole. A broad word at 10 000 lawyers
   * took 18 ms when the page scanned every profile, 6.3 ms reading the index twice, 5.0 ms once.
   * Other orders keep two reads: there the page walks the sort's index and stops when it is full,
   * cheaper than sorting every match of a broad word (3.3 against 4.8 ms). Unnamed, like every text
   * shape (see preparedSearch).
   */
  private rankedByShape(shape: SearchShape, conditions: SQL[], rank: SQL | null): RowReader<PageRow> | null {
    const terms = this.orderTerms(shape.sort, rank);
    const key = (i: number) => sql.identifier(`k${i}`);
    const keys = terms.map((term, i) => sql`${term.key} as ${key(i)}`);
    const sorted = (column: (i: number) => SQL) =>
      sql.join(
        terms.map((term, i) => ordered(term, column(i))),
        sql`, `,
      );
    const selection = {
      ...resultColumns,
      person,
      total: sql<number>`(select count(*) from "matches")`.mapWith(Number),
    };
    const query = sql`with "matches" as (
        select ${p.id} as "id", ${sql.join(keys, sql`, `)} from ${narrowProfiles} where ${and(...conditions)}
      ), "top" as (
        select * from "matches" order by ${sorted((i) => sql`${key(i)}`)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
      )
      select ${sql.join(
        Object.values(selection).map((column) => sql`${column}`),
        sql`, `,
      )}
      from "top" join ${p} on ${p.id} = "top"."id"
      order by ${sorted((i) => sql`"top".${key(i)}`)}`;
    return rowReader<PageRow>(this.db, null, { toSQL: () => dialect.sqlToQuery(query) }, selection);
  }

  private filterConditions(shape: SearchShape, values: Record<string, unknown>, bind: Bind): SQL[] {
    // A literal, not a parameter, so the planner can always prove the partial indexes apply.
    const conditions: SQL[] = [sql`${p.verificationStatus} = 'APPROVED'`];
    // Typed as the column's values: a value or a placeholder of the same name, either way a parameter.
    const value = (name: FilterName) => bind(name, values[name]) as never;
    for (const name of shape.filters) {
      switch (name) {
        case 'minExperience':
          conditions.push(gte(p.yearsOfExperience, value(name)));
          break;
        case 'maxExperience':
          conditions.push(lte(p.yearsOfExperience, value(name)));
          break;
        case 'practicingCourt':
          conditions.push(eq(p.practicingCourt, value(name)));
          break;
        case 'division':
          conditions.push(eq(p.division, value(name)));
          break;
        case 'district':
          conditions.push(eq(p.district, value(name)));
          break;
        case 'specialization':
          conditions.push(sql`${p.specializations} @> array[${value(name)}]::specialization[]`);
          break;
        case 'maxHourlyCharge':
          conditions.push(lte(p.hourlyCharge, value(name)));
          break;
        case 'minRating':
          conditions.push(gte(p.averageRating, value(name)));
          break;
      }
    }
    return conditions;
  }

  /**
   * ORDER BY for a sort, written to match a partial index of the schema read in order (so an
   * unfiltered page reads ten index entries instead of sorting every lawyer). Nulls (no rating, no
   * charge) go last in both directions; the profile id breaks ties so pages never overlap or skip.
   */
  private order(sort: DirectorySort, rank: SQL | null): SQL[] {
    return this.orderTerms(sort, rank).map((term) => ordered(term));
  }

  /** The terms of order(): what each sorts by, which way, and whether nulls go last. */
  private orderTerms(sort: DirectorySort, rank: SQL | null): OrderTerm[] {
    const descending = sort.direction === 'DESC';
    const way = descending ? 'desc' : 'asc';
    const id = { key: sql`${p.id}`, direction: 'asc' } as const;
    const rating: OrderTerm[] = [
      { key: sql`${p.averageRating}`, direction: way, nullsLast: true },
      { key: sql`${p.reviewCount}`, direction: way },
      id,
    ];
    const notNull = (column: SQL): OrderTerm[] => [
      { key: column, direction: way },
      { key: sql`${p.id}`, direction: way },
    ];
    switch (sort.by) {
      case 'RELEVANCE':
        return rank
          ? [{ key: rank, direction: way }, { key: sql`${p.averageRating}`, direction: 'desc', nullsLast: true }, id]
          : rating;
      case 'RATING':
        return rating;
      case 'EXPERIENCE':
        return notNull(sql`${p.yearsOfExperience}`);
      case 'HOURLY_CHARGE':
        return [{ key: sql`${p.hourlyCharge}`, direction: way, nullsLast: true }, id];
      case 'NEWEST':
        return notNull(sql`${p.createdAt}`);
    }
  }

  /**
   * The page, the count of all matches and the page's users in one statement. The count is an
   * uncorrelated subquery (run once, on the page's snapshot). The user is a correlated subquery in
   * the select list, which PostgreSQL evaluates after the sort and LIMIT, for the page's rows only:
   * joining users before the LIMIT would join every match (thousands for a broad search) only to
   * keep ten. Only a page past the last one asks for the count alone. `counted` is the count's own
   * statement (countQuery), by default a count of the profiles that meet `conditions`.
   */
  private async page(
    conditions: SQL[],
    orderBy: SQL[],
    page: PageRequest,
    counted: CountQuery = this.countOf(conditions),
  ): Promise<{ rows: DirectoryRow[]; total: number }> {
    const where = and(...conditions);
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
    return pageOf(found);
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
