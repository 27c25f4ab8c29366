// The embedded database on its own thread (docs/decisions/0018-pglite-worker-thread.md): one PGlite
// instance, the only one on its data dir, answering the main thread's ThreadedPGlite
// (server/db/pglite-thread.ts) over the worker's port. Plain JavaScript, so the same file runs under
// tsx, under Vitest and beside the built bundle without a compile step.
//
// Requests: { id, op, order, ... } → { id, result } or { id, error }. Outside a transaction they run one
// at a time, the oldest work's first (see `waiting` below); a transaction (op "begin") holds PGlite's
// transaction lock until its "end", so statements of other callers wait outside it exactly as they
// do on an in-thread PGlite.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NamedStatements } from './pglite-prepared.mjs';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

// The schema's extensions, as server/db/pglite-extensions.ts lists them for the main thread.
const extensions = { pg_trgm };
const source = workerData.dump
  ? { loadDataDir: new Blob([workerData.dump]) }
  : workerData.dataDir
    ? { dataDir: workerData.dataDir }
    : {};
const db = await PGlite.create({ ...source, extensions });

/**
 * Each distinct SQL text parsed and planned once (docs/decisions/0019-pglite-named-statements.md),
 * unless the thread was started with `prepared: false` (PGLITE_PREPARED=off).
 */
const named =
  workerData.prepared === false ? null : new NamedStatements(db, { limit: workerData.statementLimit ?? undefined });

/** @param {unknown} value */
const raw = (value) => value;
/** Parser maps by the type oids read raw (drizzle's driver reads dates and intervals as text). */
const parserCache = new Map();
/** @param {number[] | undefined} oids */
function parsersFor(oids) {
  if (!oids || oids.length === 0) return undefined;
  const key = oids.join(',');
  let parsers = parserCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, raw]));
    parserCache.set(key, parsers);
  }
  return parsers;
}

/** Open transactions by the id of their "begin". */
const transactions = new Map();

/** @param {number | undefined} id */
function target(id) {
  if (!id) return db;
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** What crosses back: rows and counts (a result's query options hold functions, which cannot). */
function result(r) {
  return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
}

async function begin(id) {
  let began;
  const opened = new Promise((resolve) => (began = resolve));
  const open = { tx: null, decide: null, done: null };
  open.done = db.transaction((tx) =>
    new Promise((resolve) => {
      open.tx = tx;
      open.decide = resolve;
      began();
    }).then(async (commit) => {
      if (!commit) await tx.rollback();
    }),
  );
  // BEGIN itself may fail: then the transaction's promise settles before the callback ever runs.
  await Promise.race([opened, open.done]);
  transactions.set(id, open);
  return null;
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  transactions.delete(id);
  open.decide(commit);
  await open.done;
  return null;
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const on = target(message.tx);
      const options = { rowMode: message.rowMode, parsers: parsersFor(message.rawTypes) };
      if (named && NamedStatements.accepts(message.sql)) {
        return result(await named.query(message.sql, message.params, options, on !== db));
      }
      try {
        return result(await on.query(message.sql, message.params, options));
      } finally {
        if (named && NamedStatements.changesSchema(message.sql)) await named.forget(on !== db);
      }
    }
    case 'exec': {
      const on = target(message.tx);
      try {
        return (await on.exec(message.sql)).map(result);
      } finally {
        // A script may hold anything, DDL included.
        if (named) await named.forget(on !== db);
      }
    }
    case 'begin':
      return begin(message.id);
    case 'end':
      return end(message.tx, message.commit);
    case 'dump': {
      const blob = await db.dumpDataDir(message.compression);
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (!db.closed) await db.close();
      return null;
    default:
      throw new Error(`unknown request ${String(message.op)}`);
  }
}

/** A database error's own fields (code, constraint, detail…) without what cannot be cloned. */
function plainError(error) {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
    }
  }
  return {
    name: error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    fields,
  };
}

/** @param {{ id: number }} message */
function answer(message) {
  return handle(message)
    .then(
      (value) => port.postMessage({ id: message.id, result: value }),
      (error) => port.postMessage({ id: message.id, error: plainError(error) }),
    )
    .catch((error) => port.postMessage({ id: message.id, error: plainError(error) })); // a value that cannot cross
}

/**
 * Statements outside a transaction, and the start of one, wait here and run one at a time, the one
 * serving the oldest work first (`order`: when the HTTP request it serves arrived, see
 * server/db/work-order.ts), ties in arrival order. So a request's second statement does not
 * queue behind every statement that arrived while its first one ran
 * (docs/decisions/0026-oldest-work-first.md). A close waits its turn too, so what was asked
 * before it is answered. A transaction's own statements and its end go straight on: whatever runs
 * from here waits for the transaction's lock anyway.
 * @type {{ order: number, message: { id: number } }[]}
 */
const waiting = [];
let running = false;

/** @param {{ id: number, order?: number }} message */
function enqueue(message) {
  const entry = { order: message.order ?? Number.MAX_VALUE, message };
  let at = waiting.length;
  while (at > 0 && waiting[at - 1].order > entry.order) at--;
  waiting.splice(at, 0, entry);
}

/**
 * Runs what waits, one at a time. A statement often completes without this thread's event loop
 * turning, so before each one the messages already posted are taken off the port here: the choice
 * of the next is made among everything asked so far, not only what arrived before the run began.
 */
async function drain() {
  running = true;
  for (;;) {
    for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) receive(next.message);
    const entry = waiting.shift();
    if (!entry) break;
    await answer(entry.message);
  }
  running = false;
}

/** @param {{ op: string, tx?: number }} message */
const ordered = (message) => !message.tx && ['query', 'exec', 'begin', 'dump', 'close'].includes(message.op);

/** @param {{ id: number, op: string, tx?: number, order?: number }} message */
function receive(message) {
  if (!ordered(message)) void answer(message);
  else {
    enqueue(message);
    if (!running) void drain();
  }
}

port.on('message', receive);
port.postMessage({ id: 0, result: 'ready' });
