// Statements planned once on PGlite (docs/decisions/0019-pglite-named-statements.md). PGlite's
// `query` sends every statement as the extended protocol's *unnamed* statement, in six separate
// calls into PostgreSQL (Parse, Describe, Bind, Describe, Execute, Sync), so PostgreSQL parses,
// analyses and plans the same SQL text on every call. Here each distinct SQL text is parsed once as
// a *named* statement (its parameter types and row description kept); a call is then one Bind +
// Execute + Sync, sent in one message, and PostgreSQL's plan cache reuses the plan (after its usual
// five custom plans, when the generic plan costs no more).
//
// Results are built by PGlite's own `parseResults` from the kept row description and the rows, with
// the parsers PGlite's `query` would use, so values (timestamps, jsonb, numerics, arrays, nulls)
// and errors (the same DatabaseError, with query and params attached) are the same as its `query`.
// Plain JavaScript beside pglite-worker.mjs, which imports it (tsx, Vitest and the built bundle
// run the same file).
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** SQLSTATE 0A000 with this text: a kept statement whose result columns changed under it (DDL). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

/** SQLSTATE 26000: a kept statement is gone (DEALLOCATE ALL / DISCARD ALL from elsewhere). */
const STATEMENT_GONE = '26000';

/** Statements that read or write rows are kept; anything else (DDL, SET, SAVEPOINT…) runs unnamed. */
const ROW_STATEMENT = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;

/** Statements after which kept row descriptions may be stale or the kept statements gone. */
const SCHEMA_STATEMENT = /^\s*(create|alter|drop|do|discard|deallocate|import|comment|security|call)\b/i;

function concat(parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The same error object PGlite's `query` throws (its makePGliteError). */
function asQueryError(error, sql, params, options) {
  if (error && typeof error === 'object' && 'severity' in error && 'code' in error) {
    error.query = sql;
    error.params = params;
    error.queryOptions = options;
  }
  return error;
}

/** The kept statement no longer fits (its columns changed) or no longer exists. */
function isStale(error) {
  if (!(error instanceof Error)) return false;
  return error.message.includes(RESULT_TYPE_CHANGED) || ('code' in error && error.code === STATEMENT_GONE);
}

export class NamedStatements {
  /** @type {import('@electric-sql/pglite').PGlite} */
  #db;
  /** Kept statements by SQL text, oldest use first (a Map keeps insertion order). */
  #byText = new Map();
  #nextName = 1;
  #limit;
  /** PGlite's parsers merged with a caller's, by the caller's parser object (see #parsers). */
  #merged = new WeakMap();
  /** Calls answered by a kept statement / by a new Parse / unnamed; for tests and the bench. */
  stats = { reused: 0, parsed: 0, evicted: 0, reparsed: 0 };

  /**
   * @param {import('@electric-sql/pglite').PGlite} db
   * @param {{ limit?: number }} [options] how many statements to keep (the least recently used is
   *   closed past it)
   */
  constructor(db, options = {}) {
    this.#db = db;
    this.#limit = options.limit ?? 500;
  }

  get size() {
    return this.#byText.size;
  }

  /** Whether `query` takes this text; others go to PGlite's own `query` (see `changesSchema`). */
  static accepts(sql) {
    return ROW_STATEMENT.test(sql);
  }

  /** A text after which the kept statements are closed (`forget`): DDL and the like. */
  static changesSchema(sql) {
    return SCHEMA_STATEMENT.test(sql);
  }

  /**
   * PGlite's `query` (outside a transaction: waits for PGlite's transaction lock, syncs files after)
   * or `tx.query` (`inTransaction`: the caller holds the lock), answered through a kept statement.
   * Only for texts `accepts` takes.
   */
  async query(sql, params = [], options = {}, inTransaction = false) {
    const db = this.#db;
    await db._checkReady();
    const run = () => db._runExclusiveQuery(() => this.#run(sql, params, options, inTransaction));
    return inTransaction ? run() : db._runExclusiveTransaction(run);
  }

  /**
   * Closes every kept statement (after DDL: their row descriptions may be stale). A Close that
   * fails leaves a statement nobody names again; harmless, so it is not reported.
   */
  async forget(inTransaction = false) {
    if (this.#byText.size === 0) return;
    const names = [...this.#byText.values()].map((s) => s.name);
    this.#byText.clear();
    const close = () =>
      this.#db._runExclusiveQuery(() =>
        this.#send(concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()])),
      );
    await (inTransaction ? close() : this.#db._runExclusiveTransaction(close)).catch(() => undefined);
  }

  async #send(message) {
    return this.#db.execProtocolStream(message, { syncToFs: false });
  }

  async #prepare(sql) {
    const parts = [];
    // The least recently used statements make room, in the same call.
    while (this.#byText.size >= this.#limit) {
      const [oldText, old] = this.#byText.entries().next().value;
      this.#byText.delete(oldText);
      parts.push(serialize.close({ type: 'S', name: old.name }));
      this.stats.evicted++;
    }
    const name = `lc${this.#nextName++}`;
    parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await this.#send(concat(parts));
    const statement = {
      name,
      paramTypes: messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      // No row description (noData): an INSERT/UPDATE/DELETE without RETURNING.
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.#byText.set(sql, statement);
    this.stats.parsed++;
    return statement;
  }

  #values(statement, params, options) {
    const serializers = this.#db.serializers;
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i];
      const write = options?.serializers?.[oid] ?? serializers[oid];
      return write ? write(param) : param.toString();
    });
  }

  async #execute(statement, params, options) {
    const bound = concat([
      serialize.bind({ statement: statement.name, values: this.#values(statement, params, options) }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const messages = await this.#send(bound);
    return statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
  }

  async #run(sql, params, options, inTransaction) {
    let messages;
    try {
      let statement = this.#byText.get(sql);
      if (statement) {
        // Most recently used last.
        this.#byText.delete(sql);
        this.#byText.set(sql, statement);
        this.stats.reused++;
      } else {
        statement = await this.#prepare(sql);
      }
      try {
        messages = await this.#execute(statement, params, options);
      } catch (error) {
        // DDL changed the statement's columns since it was parsed: parse it again and retry, unless
        // a transaction is open (the error has aborted it, as it would on PostgreSQL).
        if (inTransaction || !isStale(error)) throw error;
        this.#byText.delete(sql);
        await this.#send(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]));
        this.stats.reparsed++;
        statement = await this.#prepare(sql);
        messages = await this.#execute(statement, params, options);
      }
    } catch (error) {
      throw asQueryError(error, sql, params, options);
    }
    if (!inTransaction) await this.#db.syncToFs();
    return parse.parseResults(messages, this.#parsers(options), { rowMode: options?.rowMode })[0];
  }

  /**
   * PGlite's parsers with the caller's over them, merged once per caller's set: PGlite's
   * `parseResults` would spread both (some 200 entries, one per type and array type) on every call.
   */
  #parsers(options) {
    const own = options?.parsers;
    if (!own) return this.#db.parsers;
    let merged = this.#merged.get(own);
    if (!merged) {
      merged = { ...this.#db.parsers, ...own };
      this.#merged.set(own, merged);
    }
    return merged;
  }
}
