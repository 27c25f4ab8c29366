/**
 * /v1/case-assets/documents: a party of a case uploads PDF, DOCX, TXT, PNG or JPEG (judged by
 * content, at most 10 MB); the text is stored for search (Bijoy PDFs marked unsearchable); the
 * bytes come back with the original name, sandboxed; only the uploader edits or deletes; another's
 * PRIVATE document and anyone outside the case get 404 and not a byte. Hostile files are refused
 * with clear 400s, nothing is written outside the storage folder, and no stored file is orphaned.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseMessages, type Case } from '../../../contract/cases';
import {
  CaseDocumentSchema,
  DOCUMENT_MAX_BYTES,
  DocumentMessages,
  type CaseDocument,
} from '../../../contract/documents';
import { ServerMessages } from '../../../contract/errors';
import type { Notification } from '../../../contract/notifications';
import { documents } from '../../db/schema';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import {
  BIJOY_ORDER,
  docx,
  elf,
  jar,
  jpeg,
  png,
  textPdf,
  windowsExe,
  xlsx,
  zip,
} from '../../../tests/helpers/server-documents';
import { call, multipart, type CallResult, type MultipartPart } from '../../../tests/helpers/server-http';
import { caseParties, openTestCase } from '../../../tests/helpers/server-cases';
import type { Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let otherLawyer: Session;
let admin: Session;
let opened: Case;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client, otherLawyer, stranger, admin } = await caseParties(t));
  opened = await openTestCase(t, lawyer, client, { description: 'Boundary of a family plot' });
});

const WORD = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const KEY = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface UploadInput {
  caseId?: string;
  title?: string;
  description?: string;
  privacy?: string;
  file?: { name: string; content: Buffer; type?: string } | null;
  extraParts?: MultipartPart[];
}

function uploadRaw(token: string, input: UploadInput = {}): Promise<CallResult> {
  const parts: MultipartPart[] = [];
  const fields = {
    caseId: input.caseId ?? opened.caseId,
    title: input.title ?? 'Deed of sale',
    description: input.description ?? 'Signed copy',
    privacy: input.privacy ?? 'SHARED',
  };
  for (const [name, value] of Object.entries(fields)) parts.push({ name, content: value });
  const file = input.file === undefined ? { name: 'deed.pdf', content: textPdf(['Deed of sale']) } : input.file;
  if (file) {
    parts.push({
      name: 'file',
      filename: file.name,
      contentType: file.type ?? 'application/octet-stream',
      content: file.content,
    });
  }
  parts.push(...(input.extraParts ?? []));
  return call(t.app, 'POST', '/v1/case-assets/documents', { token, ...multipart(parts) });
}

async function upload(token: string, input: UploadInput = {}): Promise<CaseDocument> {
  const res = await uploadRaw(token, input);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json?.message).toBe(DocumentMessages.documentUploaded);
  return CaseDocumentSchema.strict().parse(res.json?.data);
}

async function storedRow(id: string) {
  const [row] = await t.database.db
    .select({ key: documents.storageKey, text: documents.extractedText, status: documents.textStatus })
    .from(documents)
    .where(eq(documents.id, id));
  if (!row) throw new Error(`no document row ${id}`);
  return row;
}

const storedPath = (key: string) => path.join(t.dataDir, 'files', ...key.split('/'));

/** Every file under DATA_DIR except the mail folder (mail jobs write there on their own time). */
async function dataFiles(): Promise<string[]> {
  const entries = await readdir(t.dataDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(t.dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('mail/'))
    .sort();
}

async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications;
}

const documentsOf = (res: CallResult) => (res.json?.data as { documents: CaseDocument[] }).documents;

function expectHidden(res: CallResult, ...secrets: string[]): void {
  expect(res.status).toBe(404);
  expect(res.json?.data).toBeUndefined();
  const raw = res.raw.toString('latin1');
  for (const secret of secrets) expect(raw).not.toContain(secret);
}

describe('upload, read, view, edit and delete', () => {
  it('takes PDF, DOCX, TXT, PNG and JPEG by content, stores each under a generated key with its text', async () => {
    const files = [
      { name: 'order.pdf', content: textPdf(['Order of the High Court Division', 'Hearing on 12 March']) },
      { name: 'deed.docx', content: docx(['Deed of sale, Savar', 'জমির দলিল']) },
      { name: 'notes.txt', content: Buffer.from('বাদী: করিম\nWitness list attached\n', 'utf8') },
      { name: 'scan.png', content: await png() },
      { name: 'photo.jpg', content: await jpeg() },
    ];
    const expected = [
      { contentType: 'application/pdf', textStatus: 'EXTRACTED', text: 'Hearing on 12 March' },
      { contentType: WORD, textStatus: 'EXTRACTED', text: 'জমির দলিল' },
      { contentType: 'text/plain', textStatus: 'EXTRACTED', text: 'Witness list attached' },
      { contentType: 'image/png', textStatus: 'NO_TEXT', text: null },
      { contentType: 'image/jpeg', textStatus: 'NO_TEXT', text: null },
    ];
    for (const [i, file] of files.entries()) {
      // The declared type is ignored: every part claims to be a PDF.
      const doc = await upload(client.token, {
        title: `Exhibit ${i + 1}`,
        privacy: 'PRIVATE',
        file: { ...file, type: 'application/pdf' },
      });
      const want = expected[i];
      expect(doc).toMatchObject({
        caseId: opened.caseId,
        caseTitle: 'Land dispute in Savar',
        title: `Exhibit ${i + 1}`,
        description: 'Signed copy',
        fileName: file.name,
        contentType: want?.contentType,
        size: file.content.length,
        uploadedById: client.id,
        uploadedByName: 'Nusrat Jahan',
        privacy: 'PRIVATE',
        textStatus: want?.textStatus,
      });
      const row = await storedRow(doc.documentId);
      expect(row.key).toMatch(KEY);
      expect(row.status).toBe(want?.textStatus);
      if (want?.text) expect(row.text).toContain(want.text);
      else expect(row.text).toBeNull();
      const got = await call(t.app, 'GET', `/v1/case-assets/documents/${doc.documentId}`, { token: client.token });
      expect(CaseDocumentSchema.strict().parse(got.json?.data)).toEqual(doc);
    }
  });

  it('view sends the exact bytes with the original name, nosniff, a sandbox CSP and private caching', async () => {
    const pdf = textPdf(['Order of the court']);
    const doc = await upload(lawyer.token, { file: { name: 'জমির দলিল (final).pdf', content: pdf } });
    const url = `/v1/case-assets/documents/${doc.documentId}/view`;
    for (const [query, disposition] of [
      ['', 'attachment'],
      ['?inline=false', 'attachment'],
      ['?inline=true', 'inline'],
    ] as const) {
      const res = await call(t.app, 'GET', `${url}${query}`, { token: client.token });
      expect(res.status).toBe(200);
      expect(res.raw.equals(pdf)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(String(res.headers['cache-control'])).toMatch(/^private/);
      const header = String(res.headers['content-disposition']);
      expect(header.startsWith(`${disposition}; filename="`)).toBe(true);
      expect(decodeURIComponent(header.split("UTF-8''")[1] ?? '')).toBe('জমির দলিল (final).pdf');
    }
    expect((await call(t.app, 'GET', `${url}?inline=yes`, { token: client.token })).status).toBe(400);

    const text = Buffer.from('<html><script>alert(1)</script></html>', 'utf8');
    const txt = await upload(lawyer.token, { file: { name: 'page.txt', content: text } });
    const viewed = await call(t.app, 'GET', `/v1/case-assets/documents/${txt.documentId}/view?inline=true`, {
      token: lawyer.token,
    });
    expect(viewed.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(viewed.headers['content-security-policy']).toBe('sandbox');
    expect(viewed.raw.equals(text)).toBe(true);
  });

  it('marks a Bijoy (SutonnyMJ) PDF UNSEARCHABLE_ENCODING, and a PDF it cannot read FAILED, storing both', async () => {
    const bijoy = await upload(lawyer.token, {
      file: { name: 'order.pdf', content: textPdf([BIJOY_ORDER], 'ABCDEF+SutonnyMJ') },
    });
    expect(bijoy.textStatus).toBe('UNSEARCHABLE_ENCODING');
    expect(await storedRow(bijoy.documentId)).toMatchObject({ status: 'UNSEARCHABLE_ENCODING', text: null });

    const unreadable = Buffer.from(`%PDF-1.7\n${'x'.repeat(300)}\nstartxref\n0\n%%EOF\n`);
    const failed = await upload(lawyer.token, { file: { name: 'broken.pdf', content: unreadable } });
    expect(failed.textStatus).toBe('FAILED');
    const view = await call(t.app, 'GET', `/v1/case-assets/documents/${failed.documentId}/view`, {
      token: client.token,
    });
    expect(view.raw.equals(unreadable)).toBe(true);
  });

  it('tells the other party of a SHARED upload and of a PRIVATE one made SHARED, once; never of a PRIVATE one', async () => {
    const before = (await notificationsOf(client)).length;
    await upload(lawyer.token, { title: 'Hearing bundle', privacy: 'SHARED' });
    const told = await notificationsOf(client);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({ type: 'DOC_UPLOAD', link: `/case/${opened.caseId}` });
    expect(told[0]?.content).toBe('Karim Uddin shared a document in "Land dispute in Savar": Hearing bundle');

    const secret = await upload(lawyer.token, { title: 'Strategy memo', privacy: 'PRIVATE' });
    expect(await notificationsOf(client)).toHaveLength(before + 1);

    t.clock.advance(1000);
    const shared = await call(t.app, 'PUT', `/v1/case-assets/documents/${secret.documentId}`, {
      token: lawyer.token,
      body: { title: 'Strategy for the client', description: 'Now shared', privacy: 'SHARED' },
    });
    expect(shared.status).toBe(200);
    expect(shared.json?.message).toBe(DocumentMessages.documentUpdated);
    const updated = CaseDocumentSchema.strict().parse(shared.json?.data);
    expect(updated).toMatchObject({
      title: 'Strategy for the client',
      description: 'Now shared',
      privacy: 'SHARED',
      fileName: secret.fileName,
      createdAt: secret.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(secret.updatedAt));
    const now = await notificationsOf(client);
    expect(now).toHaveLength(before + 2);
    expect(now[0]?.content).toContain('Strategy for the client');

    // An edit that keeps it SHARED tells nobody again; the uploader hears nothing of their own.
    await call(t.app, 'PUT', `/v1/case-assets/documents/${secret.documentId}`, {
      token: lawyer.token,
      body: { title: 'Strategy, revised', privacy: 'SHARED' },
    });
    expect(await notificationsOf(client)).toHaveLength(before + 2);
    expect((await notificationsOf(lawyer)).filter((n) => n.type === 'DOC_UPLOAD')).toHaveLength(0);

    const bad = await call(t.app, 'PUT', `/v1/case-assets/documents/${secret.documentId}`, {
      token: lawyer.token,
      body: { title: 'x', privacy: 'PUBLIC' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json?.error?.fields?.map((f) => f.field).sort()).toEqual(['privacy', 'title']);
  });

  it('delete answers true and removes the row and the stored file; nothing else is touched', async () => {
    const kept = await upload(lawyer.token, { title: 'Kept' });
    const doomed = await upload(lawyer.token, { title: 'Doomed' });
    const { key } = await storedRow(doomed.documentId);
    expect(existsSync(storedPath(key))).toBe(true);

    const res = await call(t.app, 'DELETE', `/v1/case-assets/documents/${doomed.documentId}`, { token: lawyer.token });
    expect(res.status).toBe(200);
    expect(res.json?.data).toBe(true);
    expect(res.json?.message).toBe(DocumentMessages.documentDeleted);
    expect(existsSync(storedPath(key))).toBe(false);
    for (const url of [
      `/v1/case-assets/documents/${doomed.documentId}`,
      `/v1/case-assets/documents/${doomed.documentId}/view`,
    ]) {
      const gone = await call(t.app, 'GET', url, { token: lawyer.token });
      expect(gone.status).toBe(404);
      expect(gone.json?.error?.message).toBe(DocumentMessages.documentNotFound);
    }
    const again = await call(t.app, 'DELETE', `/v1/case-assets/documents/${doomed.documentId}`, {
      token: lawyer.token,
    });
    expect(again.status).toBe(404);

    const list = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/documents`, { token: client.token });
    expect(documentsOf(list).map((d) => d.documentId)).toEqual([kept.documentId]);
    expect(existsSync(storedPath((await storedRow(kept.documentId)).key))).toBe(true);
  });

  it('lists what the caller may see, newest first by default, privacy filtered before paging', async () => {
    const lawyerPrivate: CaseDocument[] = [];
    for (let i = 0; i < 3; i += 1) {
      lawyerPrivate.push(await upload(lawyer.token, { title: `Lawyer private ${i}`, privacy: 'PRIVATE' }));
      t.clock.advance(1000);
    }
    const shared: CaseDocument[] = [];
    for (let i = 0; i < 2; i += 1) {
      shared.push(await upload(lawyer.token, { title: `Shared ${i}`, privacy: 'SHARED' }));
      t.clock.advance(1000);
    }
    const own = await upload(client.token, { title: 'Client private', privacy: 'PRIVATE' });
    const url = `/v1/case-assets/cases/${opened.caseId}/documents`;

    const page = await call(t.app, 'GET', `${url}?size=2&page=1`, { token: client.token });
    expect(page.status).toBe(200);
    expect(page.json?.metadata).toMatchObject({
      totalCount: 3,
      totalPages: 2,
      pageNumber: 1,
      pageSize: 2,
      hasNext: false,
      hasPrevious: true,
      sortDirection: 'DESC',
      sortField: 'createdAt',
    });
    expect(documentsOf(page)).toHaveLength(1);
    expect(page.raw.toString()).not.toContain('Lawyer private');

    const clientAll = await call(t.app, 'GET', `${url}?sortDirection=ASC`, { token: client.token });
    expect(documentsOf(clientAll).map((d) => d.documentId)).toEqual([...shared, own].map((d) => d.documentId));
    const lawyerAll = await call(t.app, 'GET', url, { token: lawyer.token });
    expect(lawyerAll.json?.metadata).toMatchObject({ totalCount: 5 });
    expect(documentsOf(lawyerAll).map((d) => d.documentId)).toEqual(
      [...lawyerPrivate, ...shared].map((d) => d.documentId).reverse(),
    );
    for (const bad of ['?size=101', '?page=-1', '?sortDirection=UP']) {
      expect((await call(t.app, 'GET', `${url}${bad}`, { token: client.token })).status).toBe(400);
    }
  });
});

describe('hostile files and bad forms', () => {
  it('refuses hostile files with a clear 400 each, storing nothing', async () => {
    const before = await dataFiles();
    const hostile: [string, { name: string; content: Buffer; type?: string }, string][] = [
      [
        'wrong magic bytes',
        { name: 'order.pdf', content: Buffer.from([0x13, 0x37, 0xff, 0x00, 0x42]) },
        DocumentMessages.unsupportedType,
      ],
      [
        'an ELF named .pdf',
        { name: 'order.pdf', content: elf(), type: 'application/pdf' },
        DocumentMessages.unsupportedType,
      ],
      ['an MZ executable named .pdf', { name: 'order.pdf', content: windowsExe() }, DocumentMessages.unsupportedType],
      [
        'a zip named .docx',
        { name: 'deed.docx', content: zip([['deed.txt', 'not word']]) },
        DocumentMessages.unsupportedType,
      ],
      ['a workbook named .docx', { name: 'deed.docx', content: xlsx() }, DocumentMessages.unsupportedType],
      ['a jar named .docx', { name: 'deed.docx', content: jar() }, DocumentMessages.unsupportedType],
      [
        'binary text',
        { name: 'notes.txt', content: Buffer.from('abc\u0000\u0001def') },
        DocumentMessages.unsupportedType,
      ],
      ['an empty file', { name: 'empty.pdf', content: Buffer.alloc(0) }, DocumentMessages.fileEmpty],
      ['a PDF named .docx', { name: 'order.docx', content: textPdf(['x']) }, DocumentMessages.nameMismatch],
      ['a PDF named .exe', { name: 'order.exe', content: textPdf(['x']) }, DocumentMessages.nameMismatch],
      ['HTML named .html', { name: 'page.html', content: Buffer.from('<html></html>') }, DocumentMessages.nameMismatch],
      ['an ELF named ../../etc/passwd', { name: '../../etc/passwd', content: elf() }, DocumentMessages.unsupportedType],
    ];
    for (const [what, file, message] of hostile) {
      const res = await uploadRaw(lawyer.token, { file });
      expect(res.status, what).toBe(400);
      expect(res.json?.error).toMatchObject({ code: 400, message });
    }
    expect(await dataFiles()).toEqual(before);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(documents)).toEqual([{ n: 0 }]);
    expect(await notificationsOf(client)).toHaveLength(1);
  });

  it('refuses 10 MB + 1 byte with the contract’s 400 (not a bare 413) and takes exactly 10 MB', async () => {
    const over = await uploadRaw(lawyer.token, {
      file: { name: 'big.txt', content: Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x61) },
    });
    expect(over.status).toBe(400);
    expect(over.json).toMatchObject({
      version: 'v1',
      status: 400,
      error: { code: 400, message: DocumentMessages.fileTooLarge },
    });

    const exact = await upload(lawyer.token, {
      privacy: 'PRIVATE',
      file: { name: 'big.txt', content: Buffer.alloc(DOCUMENT_MAX_BYTES, 0x61) },
    });
    expect(exact.size).toBe(DOCUMENT_MAX_BYTES);
    const row = await storedRow(exact.documentId);
    // The stored text is capped; the file is whole.
    expect(row).toMatchObject({ status: 'EXTRACTED' });
    expect(row.text).toHaveLength(1_000_000);
    expect((await stat(storedPath(row.key))).size).toBe(DOCUMENT_MAX_BYTES);
  });

  it('cleans path tricks out of names; keys are generated and nothing lands outside the storage folder', async () => {
    const passwd = existsSync('/etc/passwd') ? (await stat('/etc/passwd')).mtimeMs : null;
    const before = await dataFiles();
    const names: [string, Buffer, string][] = [
      ['../../etc/passwd', textPdf(['x']), 'passwd.pdf'],
      ['/etc/shadow.pdf', textPdf(['x']), 'shadow.pdf'],
      ['..\\..\\boot.ini.txt', Buffer.from('boot'), 'boot.ini.txt'],
      ['rep\u0000ort\u0007.pdf', textPdf(['x']), 'report.pdf'],
      ['../../../files/documents/evil.png', await png(), 'evil.png'],
    ];
    const keys: string[] = [];
    for (const [name, content, cleaned] of names) {
      const doc = await upload(lawyer.token, { privacy: 'PRIVATE', file: { name, content } });
      expect(doc.fileName, name).toBe(cleaned);
      const { key } = await storedRow(doc.documentId);
      expect(key).toMatch(KEY);
      keys.push(key);
    }
    const added = (await dataFiles()).filter((file) => !before.includes(file));
    expect(added.sort()).toEqual(keys.map((key) => `files/${key}`).sort());
    for (const stray of [
      'etc/passwd',
      'files/etc/passwd',
      'files/passwd.pdf',
      'files/documents/evil.png',
      '../passwd',
    ]) {
      expect(existsSync(path.join(t.dataDir, stray)), stray).toBe(false);
    }
    if (passwd !== null) expect((await stat('/etc/passwd')).mtimeMs).toBe(passwd);
  });

  it('answers a bad form with field messages: fields, a missing file, two files', async () => {
    const bad: [UploadInput, string][] = [
      [{ title: 'x' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ description: 'x'.repeat(2001) }, 'description'],
      [{ privacy: 'PUBLIC' }, 'privacy'],
      [{ caseId: 'not-a-case' }, 'caseId'],
    ];
    for (const [input, field] of bad) {
      const res = await uploadRaw(lawyer.token, input);
      expect(res.status, field).toBe(400);
      expect(res.json?.error?.fields?.map((f) => f.field)).toEqual([field]);
    }
    const noFile = await uploadRaw(lawyer.token, { file: null });
    expect(noFile.status).toBe(400);
    expect(noFile.json?.error?.message).toBe(ServerMessages.fileRequired);
    const twoFiles = await uploadRaw(lawyer.token, {
      extraParts: [{ name: 'file', filename: 'b.pdf', contentType: 'application/pdf', content: textPdf(['b']) }],
    });
    expect(twoFiles.status).toBe(400);
    expect(twoFiles.json?.error?.message).toBe(DocumentMessages.oneFileOnly);
    const manyParts = await uploadRaw(lawyer.token, {
      extraParts: Array.from({ length: 20 }, (_, i) => ({ name: `extra${i}`, content: 'x' })),
    });
    expect(manyParts.status).toBe(400);
    expect(manyParts.json?.error?.message).toBe(ServerMessages.payloadTooLarge);
    const json = await call(t.app, 'POST', '/v1/case-assets/documents', {
      token: lawyer.token,
      body: { caseId: opened.caseId, title: 'JSON', privacy: 'SHARED' },
    });
    expect(json.status).toBe(415);
    expect(json.json?.error?.message).toBe(ServerMessages.unsupportedMediaType);
    expect(await t.database.db.select({ n: sql<number>`count(*)::int` }).from(documents)).toEqual([{ n: 0 }]);
  });

  it('removes the stored file when the row cannot be written, and loses nothing stored before', async () => {
    const earlier = await upload(lawyer.token, {
      title: 'Earlier',
      file: { name: 'earlier.pdf', content: textPdf(['E']) },
    });
    const before = await dataFiles();
    await t.database.db.execute(
      sql.raw(`create function refuse_documents() returns trigger language plpgsql as $$
        begin raise exception 'documents are refused for this test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_documents before insert on documents for each row execute function refuse_documents()',
      ),
    );
    try {
      const res = await uploadRaw(lawyer.token, { title: 'Never stored' });
      expect(res.status).toBe(500);
      expect(res.json?.error?.message).toBe(ServerMessages.internal);
      expect(res.raw.toString()).not.toContain('refused for this test');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_documents on documents'));
      await t.database.db.execute(sql.raw('drop function refuse_documents()'));
    }
    expect(await dataFiles()).toEqual(before);
    const view = await call(t.app, 'GET', `/v1/case-assets/documents/${earlier.documentId}/view`, {
      token: client.token,
    });
    expect(view.status).toBe(200);
    expect(view.raw.equals(textPdf(['E']))).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('describes the document routes at /v1/docs/json', async () => {
    const res = await call(t.app, 'GET', '/v1/docs/json');
    expect(res.status).toBe(200);
    const doc = res.json as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/case-assets/documents',
        '/v1/case-assets/documents/{id}',
        '/v1/case-assets/documents/{id}/view',
        '/v1/case-assets/cases/{caseId}/documents',
      ]),
    );
  });
});

describe('authorization matrix', () => {
  it('a non-party gets 404 for every route and never a byte; nothing changes', async () => {
    const secretPdf = textPdf(['CONFIDENTIAL-7781 inheritance papers']);
    const doc = await upload(lawyer.token, {
      title: 'Confidential inheritance papers',
      file: { name: 'confidential.pdf', content: secretPdf },
    });
    const id = doc.documentId;
    const body = { title: 'Intruder', description: '', privacy: 'SHARED' };
    for (const outsider of [stranger, otherLawyer, admin]) {
      const attempts: [string, string, unknown][] = [
        ['GET', `/v1/case-assets/documents/${id}`, undefined],
        ['GET', `/v1/case-assets/documents/${id}/view`, undefined],
        ['GET', `/v1/case-assets/documents/${id}/view?inline=true`, undefined],
        ['PUT', `/v1/case-assets/documents/${id}`, body],
        ['DELETE', `/v1/case-assets/documents/${id}`, undefined],
        ['GET', `/v1/case-assets/cases/${opened.caseId}/documents`, undefined],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(t.app, method as 'GET', url, {
          token: outsider.token,
          ...(payload ? { body: payload } : {}),
        });
        expectHidden(res, 'Confidential', 'CONFIDENTIAL-7781', client.email, '%PDF');
      }
      const uploaded = await uploadRaw(outsider.token, {
        title: 'Planted',
        file: { name: 'x.pdf', content: textPdf(['x']) },
      });
      expectHidden(uploaded, 'Land dispute');
      expect(uploaded.json?.error?.message).toBe(CaseMessages.caseNotFound);
      // Even a hostile file tells an outsider only that there is no such case.
      const hostile = await uploadRaw(outsider.token, { file: { name: 'x.pdf', content: elf() } });
      expect(hostile.status).toBe(404);
    }
    const still = await call(t.app, 'GET', `/v1/case-assets/documents/${id}`, { token: client.token });
    expect(CaseDocumentSchema.parse(still.json?.data)).toEqual(doc);
    const list = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/documents`, { token: lawyer.token });
    expect(documentsOf(list).map((d) => d.title)).toEqual(['Confidential inheritance papers']);
    const unknown = await call(t.app, 'GET', '/v1/case-assets/documents/00000000-0000-4000-8000-000000000000', {
      token: lawyer.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(DocumentMessages.documentNotFound);
    for (const url of [`/v1/case-assets/documents/${id}`, `/v1/case-assets/documents/${id}/view`]) {
      expect((await call(t.app, 'GET', url)).status).toBe(401);
    }
    expect((await uploadRaw('')).status).toBe(401);
  });

  it('the other party: 404 for a PRIVATE document, read but 403 to change or delete a SHARED one', async () => {
    const secret = await upload(lawyer.token, {
      title: 'Lawyer private memo',
      privacy: 'PRIVATE',
      file: { name: 'memo.pdf', content: textPdf(['PRIVATE-MEMO-4412']) },
    });
    const shared = await upload(lawyer.token, { title: 'Shared bundle', privacy: 'SHARED' });
    const body = { title: 'Taken over', description: '', privacy: 'SHARED' };

    for (const [method, url, payload] of [
      ['GET', `/v1/case-assets/documents/${secret.documentId}`, undefined],
      ['GET', `/v1/case-assets/documents/${secret.documentId}/view`, undefined],
      ['PUT', `/v1/case-assets/documents/${secret.documentId}`, body],
      ['DELETE', `/v1/case-assets/documents/${secret.documentId}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: client.token, ...(payload ? { body: payload } : {}) });
      expectHidden(res, 'Lawyer private memo', 'PRIVATE-MEMO-4412', '%PDF');
    }

    expect(
      (await call(t.app, 'GET', `/v1/case-assets/documents/${shared.documentId}`, { token: client.token })).status,
    ).toBe(200);
    const view = await call(t.app, 'GET', `/v1/case-assets/documents/${shared.documentId}/view`, {
      token: client.token,
    });
    expect(view.status).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(t.app, method, `/v1/case-assets/documents/${shared.documentId}`, {
        token: client.token,
        ...(method === 'PUT' ? { body } : {}),
      });
      expect(res.status).toBe(403);
      expect(res.json?.error?.message).toBe(ServerMessages.accessDenied);
    }
    const unchanged = await call(t.app, 'GET', `/v1/case-assets/documents/${shared.documentId}`, {
      token: lawyer.token,
    });
    expect(unchanged.json?.data).toMatchObject({ title: 'Shared bundle', privacy: 'SHARED' });
    expect(existsSync(storedPath((await storedRow(shared.documentId)).key))).toBe(true);

    const listed = await call(t.app, 'GET', `/v1/case-assets/cases/${opened.caseId}/documents`, {
      token: client.token,
    });
    expect(listed.json?.metadata).toMatchObject({ totalCount: 1 });
    expect(documentsOf(listed).map((d) => d.documentId)).toEqual([shared.documentId]);
  });
});
