/**
 * /v1/blogs: an APPROVED lawyer writes, publishes, archives, edits and deletes posts; a DRAFT or
 * ARCHIVED post exists for its author alone (everyone else gets 404 and not a byte of it); only the
 * author changes a post; readers follow lawyers (not themselves, once, only lawyers) and are
 * notified of each first publication; search finds published posts in English and Bangla and
 * highlights the matches.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BlogMessages,
  BlogSchema,
  BlogSearchResultSchema,
  type Blog,
  type BlogSearchResult,
} from '../../../contract/blogs';
import { ServerMessages } from '../../../contract/errors';
import { LawyerMessages } from '../../../contract/lawyers';
import type { Notification } from '../../../contract/notifications';
import { users } from '../../db/schema';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';

let t: TestApp;
let author: Session;
let otherLawyer: Session;
let reader: Session;
let stranger: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  author = (await lawyerSession(t, { firstName: 'Ayesha', lastName: 'Siddiqua' })).session;
  otherLawyer = (await lawyerSession(t, { firstName: 'Mahmudul', lastName: 'Hasan' })).session;
  reader = await verifiedUser(t.app, t.mailDir, { firstName: 'Tanvir', lastName: 'Hossain' });
  stranger = await verifiedUser(t.app, t.mailDir);
});

async function write(
  body: { title?: string; content?: string; status?: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED' } = {},
  token = author.token,
): Promise<Blog> {
  const res = await call(t.app, 'POST', '/v1/blogs', {
    token,
    body: { title: 'Tenancy rights in Dhaka', content: '<p>What a tenant may ask of a landlord.</p>', ...body },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return BlogSchema.strict().parse(res.json?.data);
}

const setStatus = (id: string, status: string, token = author.token) =>
  call(t.app, 'PUT', `/v1/blogs/${id}/status?status=${status}`, { token });

async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications;
}

function expectHidden(res: CallResult, secret: string): void {
  expect(res.status).toBe(404);
  expect(res.json?.data).toBeUndefined();
  expect(res.raw.toString()).not.toContain(secret);
}

const blogsOf = (res: CallResult) => (res.json?.data as { blogs: Blog[] }).blogs;

async function search(q: string, token = reader.token): Promise<BlogSearchResult[]> {
  const res = await call(t.app, 'GET', `/v1/blogs/search?q=${encodeURIComponent(q)}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return (res.json?.data as { results: unknown[] }).results.map((r) => BlogSearchResultSchema.strict().parse(r));
}

describe('writing and statuses', () => {
  it('an approved lawyer writes a draft (the default), publishes, archives and drafts it again', async () => {
    const draft = await write();
    expect(draft).toMatchObject({
      author: { id: author.id, firstName: 'Ayesha', lastName: 'Siddiqua', email: author.email },
      title: 'Tenancy rights in Dhaka',
      content: '<p>What a tenant may ask of a landlord.</p>',
      excerpt: 'What a tenant may ask of a landlord.',
      language: 'en',
      status: 'DRAFT',
      publishedAt: null,
      subscribed: false,
    });

    const published = await setStatus(draft.blogId, 'PUBLISHED');
    expect(published.status).toBe(200);
    expect(published.json?.message).toBe(BlogMessages.statusUpdated);
    expect(BlogSchema.parse(published.json?.data)).toMatchObject({ status: 'PUBLISHED' });
    expect(BlogSchema.parse(published.json?.data).publishedAt).not.toBeNull();

    const again = await setStatus(draft.blogId, 'PUBLISHED');
    expect(again.status).toBe(409);
    expect(again.json?.error?.message).toBe(BlogMessages.statusUnchanged);

    expect((await setStatus(draft.blogId, 'ARCHIVED')).status).toBe(200);
    expect((await setStatus(draft.blogId, 'DRAFT')).status).toBe(200);
    const bad = await setStatus(draft.blogId, 'LIVE');
    expect(bad.status).toBe(400);
  });

  it('refuses a lawyer who is not approved, and anyone who is not a lawyer', async () => {
    const pending = (await lawyerSession(t, { state: 'PENDING' })).session;
    const res = await call(t.app, 'POST', '/v1/blogs', {
      token: pending.token,
      body: { title: 'A title', content: '<p>Text</p>' },
    });
    expect(res.status).toBe(403);
    expect(res.json?.error?.message).toBe(LawyerMessages.notApproved);

    const asUser = await call(t.app, 'POST', '/v1/blogs', {
      token: reader.token,
      body: { title: 'A title', content: '<p>Text</p>' },
    });
    expect(asUser.status).toBe(403);
    expect(asUser.json?.error?.message).toBe(ServerMessages.accessDenied);
  });

  it('validates title and content, and refuses content with no text once sanitised', async () => {
    const short = await call(t.app, 'POST', '/v1/blogs', { token: author.token, body: { title: 'A', content: 'x' } });
    expect(short.status).toBe(400);
    expect(short.json?.error?.message).toBe('Title must be between 2 and 255 characters');
    const long = await call(t.app, 'POST', '/v1/blogs', {
      token: author.token,
      body: { title: 'Long', content: 'x'.repeat(10_001) },
    });
    expect(long.status).toBe(400);
    const empty = await call(t.app, 'POST', '/v1/blogs', {
      token: author.token,
      body: { title: 'Only a script', content: '<script>alert(1)</script><p> </p>' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json?.error?.message).toBe(BlogMessages.contentEmpty);
  });

  it('the author edits and deletes; another lawyer cannot even find the post', async () => {
    const post = await write({ status: 'PUBLISHED' });
    const edited = await call(t.app, 'PUT', `/v1/blogs/${post.blogId}`, {
      token: author.token,
      body: { title: 'ভাড়াটিয়ার অধিকার', content: '<h2>ভাড়া</h2><p>বাড়িওয়ালা ভাড়া বাড়াতে পারেন কি?</p>' },
    });
    expect(edited.status).toBe(200);
    expect(BlogSchema.parse(edited.json?.data)).toMatchObject({
      title: 'ভাড়াটিয়ার অধিকার',
      language: 'bn',
      status: 'PUBLISHED',
    });

    for (const [method, url] of [
      ['PUT', `/v1/blogs/${post.blogId}`],
      ['PUT', `/v1/blogs/${post.blogId}/status?status=ARCHIVED`],
      ['DELETE', `/v1/blogs/${post.blogId}`],
    ] as const) {
      const res = await call(t.app, method, url, {
        token: otherLawyer.token,
        ...(method === 'PUT' && !url.includes('status') ? { body: { title: 'Mine now', content: '<p>x</p>' } } : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.json?.error?.message).toBe(BlogMessages.blogNotFound);
    }
    const asUser = await call(t.app, 'DELETE', `/v1/blogs/${post.blogId}`, { token: reader.token });
    expect(asUser.status).toBe(403);

    const deleted = await call(t.app, 'DELETE', `/v1/blogs/${post.blogId}`, { token: author.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json?.data).toBe(true);
    expect((await call(t.app, 'GET', `/v1/blogs/${post.blogId}`, { token: author.token })).status).toBe(404);
  });
});

describe('visibility', () => {
  it('drafts and archived posts exist for their author alone, in reads and in lists', async () => {
    const draft = await write({ title: 'Secret draft on dowry', content: '<p>Unfinished dowry notes</p>' });
    const archived = await write({ title: 'Old cheque article', status: 'PUBLISHED' });
    await setStatus(archived.blogId, 'ARCHIVED');
    const live = await write({ title: 'Land mutation guide', status: 'PUBLISHED' });

    for (const session of [reader, otherLawyer, stranger]) {
      expectHidden(await call(t.app, 'GET', `/v1/blogs/${draft.blogId}`, { token: session.token }), 'Secret draft');
      expectHidden(await call(t.app, 'GET', `/v1/blogs/${archived.blogId}`, { token: session.token }), 'Old cheque');
      expect((await call(t.app, 'GET', `/v1/blogs/${live.blogId}`, { token: session.token })).status).toBe(200);
    }
    expect((await call(t.app, 'GET', `/v1/blogs/${draft.blogId}`, { token: author.token })).status).toBe(200);

    const feed = await call(t.app, 'GET', '/v1/blogs', { token: reader.token });
    expect(blogsOf(feed).map((b) => b.title)).toEqual(['Land mutation guide']);
    expect(feed.json?.metadata).toMatchObject({ totalCount: 1 });

    const theirs = await call(t.app, 'GET', `/v1/blogs/authors/${author.id}`, { token: reader.token });
    expect(blogsOf(theirs).map((b) => b.title)).toEqual(['Land mutation guide']);
    const asked = await call(t.app, 'GET', `/v1/blogs/authors/${author.id}?status=DRAFT`, { token: reader.token });
    expect(blogsOf(asked)).toEqual([]);

    const mine = await call(t.app, 'GET', `/v1/blogs/authors/${author.id}`, { token: author.token });
    expect(mine.json?.metadata).toMatchObject({ totalCount: 3 });
    const myDrafts = await call(t.app, 'GET', `/v1/blogs/authors/${author.id}?status=DRAFT`, { token: author.token });
    expect(blogsOf(myDrafts).map((b) => b.title)).toEqual(['Secret draft on dowry']);

    expect(await search('dowry')).toEqual([]);
    expect(await search('cheque')).toEqual([]);

    const notAnAuthor = await call(t.app, 'GET', `/v1/blogs/authors/${reader.id}`, { token: reader.token });
    expect(notAnAuthor.status).toBe(404);
    expect(notAnAuthor.json?.error?.message).toBe(BlogMessages.authorNotFound);
  });

  it('the feed is newest first, pages with true counts, and needs a verified account', async () => {
    for (const title of ['First post', 'Second post', 'Third post']) {
      await write({ title, status: 'PUBLISHED' });
      t.clock.advance(60_000);
    }
    const page = await call(t.app, 'GET', '/v1/blogs?size=2', { token: stranger.token });
    expect(blogsOf(page).map((b) => b.title)).toEqual(['Third post', 'Second post']);
    expect(page.json?.metadata).toMatchObject({ totalCount: 3, totalPages: 2, hasNext: true });
    const next = await call(t.app, 'GET', '/v1/blogs?size=2&page=1', { token: stranger.token });
    expect(blogsOf(next).map((b) => b.title)).toEqual(['First post']);
    const oldest = await call(t.app, 'GET', '/v1/blogs?sortDirection=ASC&size=1', { token: stranger.token });
    expect(blogsOf(oldest).map((b) => b.title)).toEqual(['First post']);
    expect((await call(t.app, 'GET', '/v1/blogs')).status).toBe(401);
  });
});

describe('subscriptions', () => {
  it('follows a lawyer once, not oneself, not a non-lawyer or nobody; unfollows once', async () => {
    const first = await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, { token: reader.token });
    expect(first.status).toBe(201);
    expect(first.json?.message).toBe(BlogMessages.subscribed);
    expect(first.json?.data).toMatchObject({ author: { id: author.id }, subscribed: true });

    const twice = await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, { token: reader.token });
    expect(twice.status).toBe(409);
    expect(twice.json?.error?.message).toBe(BlogMessages.alreadySubscribed);

    const self = await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, { token: author.token });
    expect(self.status).toBe(400);
    expect(self.json?.error?.message).toBe(BlogMessages.subscribeSelf);

    const unknown = await call(t.app, 'POST', `/v1/blogs/authors/${crypto.randomUUID()}/subscribe`, {
      token: reader.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(BlogMessages.authorNotFound);
    const client = await call(t.app, 'POST', `/v1/blogs/authors/${stranger.id}/subscribe`, { token: reader.token });
    expect(client.status).toBe(404);
    const malformed = await call(t.app, 'POST', '/v1/blogs/authors/not-an-id/subscribe', { token: reader.token });
    expect(malformed.status).toBe(400);

    const lawyerFollows = await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, {
      token: otherLawyer.token,
    });
    expect(lawyerFollows.status).toBe(201);

    const subscribers = await call(t.app, 'GET', '/v1/blogs/authors/subscribers', { token: author.token });
    expect(subscribers.status).toBe(200);
    const list = (subscribers.json?.data as { subscribers: { id: string; firstName: string }[] }).subscribers;
    expect(list.map((s) => s.id).sort()).toEqual([reader.id, otherLawyer.id].sort());
    expect((await call(t.app, 'GET', '/v1/blogs/authors/subscribers', { token: reader.token })).status).toBe(403);

    await write({ title: 'Published one', status: 'PUBLISHED' });
    await write({ title: 'A draft' });
    const following = await call(t.app, 'GET', '/v1/blogs/authors/subscriptions', { token: reader.token });
    expect(following.json?.data).toMatchObject({
      authors: [{ id: author.id, firstName: 'Ayesha', lastName: 'Siddiqua', publishedCount: 1 }],
    });

    const gone = await call(t.app, 'DELETE', `/v1/blogs/authors/${author.id}/subscribe`, { token: reader.token });
    expect(gone.status).toBe(200);
    expect(gone.json?.data).toMatchObject({ subscribed: false });
    const goneTwice = await call(t.app, 'DELETE', `/v1/blogs/authors/${author.id}/subscribe`, {
      token: reader.token,
    });
    expect(goneTwice.status).toBe(404);
    expect(goneTwice.json?.error?.message).toBe(BlogMessages.notSubscribed);
  });

  it('notifies each follower once, at the first publication, in their language; "subscribed" says who follows', async () => {
    await t.database.db.update(users).set({ language: 'bn' }).where(eq(users.id, otherLawyer.id));
    await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, { token: reader.token });
    await call(t.app, 'POST', `/v1/blogs/authors/${author.id}/subscribe`, { token: otherLawyer.token });

    const draft = await write({ title: 'Cheque dishonour: what to do' });
    expect(await notificationsOf(reader)).toEqual([]);
    await setStatus(draft.blogId, 'PUBLISHED');
    const [told] = await notificationsOf(reader);
    expect(told).toMatchObject({
      type: 'BLOG_PUBLISHED',
      link: `/blog/${draft.blogId}`,
      content: 'Ayesha Siddiqua published a new article: Cheque dishonour: what to do',
    });
    const [toldBn] = await notificationsOf(otherLawyer);
    expect(toldBn?.content).toBe('Ayesha Siddiqua একটি নতুন নিবন্ধ প্রকাশ করেছেন: Cheque dishonour: what to do');
    expect(await notificationsOf(stranger)).toEqual([]);
    expect((await notificationsOf(author)).filter((n) => n.type === 'BLOG_PUBLISHED')).toEqual([]);

    await setStatus(draft.blogId, 'ARCHIVED');
    await setStatus(draft.blogId, 'PUBLISHED');
    expect(await notificationsOf(reader)).toHaveLength(1);

    await write({ title: 'Published at once', status: 'PUBLISHED' });
    expect(await notificationsOf(reader)).toHaveLength(2);

    const read = await call(t.app, 'GET', `/v1/blogs/${draft.blogId}`, { token: reader.token });
    expect(BlogSchema.parse(read.json?.data).subscribed).toBe(true);
    const unread = await call(t.app, 'GET', `/v1/blogs/${draft.blogId}`, { token: stranger.token });
    expect(BlogSchema.parse(unread.json?.data).subscribed).toBe(false);

    const followed = await call(t.app, 'GET', '/v1/blogs/subscribed', { token: reader.token });
    expect(blogsOf(followed).map((b) => b.title)).toEqual(['Published at once', 'Cheque dishonour: what to do']);
    expect(blogsOf(await call(t.app, 'GET', '/v1/blogs/subscribed', { token: stranger.token }))).toEqual([]);
  });
});

describe('search', () => {
  beforeEach(async () => {
    await write({
      title: 'Cheque dishonour under the Negotiable Instruments Act',
      content:
        '<p>A bounced cheque is an offence under section 138. Send a legal notice within thirty days of the bank’s return memo.</p>',
      status: 'PUBLISHED',
    });
    await write({
      title: 'Tenancy disputes',
      content:
        '<p>Rent control in Dhaka. A landlord may not evict without notice; a dishonoured cheque for rent is a separate matter.</p>',
      status: 'PUBLISHED',
    });
    await write({
      title: 'যৌতুক নিরোধ আইন',
      content: '<p>যৌতুক দাবি করা একটি দণ্ডনীয় অপরাধ। যৌতুক নিরোধ আইন, ২০১৮ অনুযায়ী থানায় মামলা করা যায়।</p>',
      status: 'PUBLISHED',
    });
    await write({
      title: 'র‍্যাব ও সাইবার নিরাপত্তা আইন',
      content: '<p>সাইবার নিরাপত্তা আইনে অনলাইনে মানহানির অভিযোগ।</p>',
      status: 'PUBLISHED',
    });
  });

  it('ranks title matches first and highlights every matched word, escaped otherwise', async () => {
    const results = await search('cheque');
    expect(results.map((r) => r.blog.title)).toEqual([
      'Cheque dishonour under the Negotiable Instruments Act',
      'Tenancy disputes',
    ]);
    expect(results[0]?.highlightedTitle).toBe('<em>Cheque</em> dishonour under the Negotiable Instruments Act');
    expect(results[0]?.highlightedContent).toContain('A bounced <em>cheque</em> is an offence');
    expect(results[0]?.highlightedContent).toContain('the bank’s return memo');
    expect(results[1]?.highlightedTitle).toBe('Tenancy disputes');
    expect(results[1]?.highlightedContent).toContain('dishonoured <em>cheque</em> for rent');
  });

  it('matches prefixes, needs every word, and is not fooled by case', async () => {
    expect((await search('DISHON')).map((r) => r.blog.title)).toEqual([
      'Cheque dishonour under the Negotiable Instruments Act',
      'Tenancy disputes',
    ]);
    const both = await search('cheque rent');
    expect(both.map((r) => r.blog.title)).toEqual(['Tenancy disputes']);
    expect(both[0]?.highlightedContent).toContain('<em>Rent</em> control');
    expect(await search('cheque divorce')).toEqual([]);
    expect(await search('!!!')).toEqual([]);
  });

  it('finds a post by the same idea in Bangla, English or Banglish, inflected (issue 20)', async () => {
    await write({
      title: 'Bail in Bangladesh: bailable and non-bailable offences',
      content: '<p>For a bailable offence, bail is a right under section 496 of the Code of Criminal Procedure.</p>',
      status: 'PUBLISHED',
    });
    for (const q of ['জামিন', 'জামিনের', 'jamin', 'bail', 'Bailable']) {
      const found = await search(q);
      expect(
        found.map((r) => r.blog.title),
        q,
      ).toEqual(['Bail in Bangladesh: bailable and non-bailable offences']);
      expect(found[0]?.highlightedTitle, q).toContain('<em>Bail</em> in Bangladesh');
    }
    for (const q of ['dowry', 'joutuk', 'যৌতুকের']) {
      expect(
        (await search(q)).map((r) => r.blog.title),
        q,
      ).toEqual(['যৌতুক নিরোধ আইন']);
    }
    for (const q of ['ভাড়া', 'vara', 'rent']) {
      expect(
        (await search(q)).map((r) => r.blog.title),
        q,
      ).toEqual(['Tenancy disputes']);
    }
  });

  it('finds Bangla words, conjuncts with a joiner, and a word typed from its middle', async () => {
    const dowry = await search('যৌতুক');
    expect(dowry.map((r) => r.blog.title)).toEqual(['যৌতুক নিরোধ আইন']);
    expect(dowry[0]?.highlightedTitle).toBe('<em>যৌতুক</em> নিরোধ আইন');
    expect(dowry[0]?.highlightedContent).toContain('<em>যৌতুক</em> দাবি');
    expect(dowry[0]?.blog.language).toBe('bn');

    const rab = await search('র‍্যাব');
    expect(rab.map((r) => r.blog.title)).toEqual(['র‍্যাব ও সাইবার নিরাপত্তা আইন']);
    expect(rab[0]?.highlightedTitle).toBe('<em>র‍্যাব</em> ও সাইবার নিরাপত্তা আইন');

    const law = await search('আইন');
    expect(law.map((r) => r.blog.title).sort()).toEqual(['যৌতুক নিরোধ আইন', 'র‍্যাব ও সাইবার নিরাপত্তা আইন'].sort());

    const middle = await search('নিরাপত্তা');
    expect(middle).toHaveLength(1);
    const infix = await search('রাপত্তা');
    expect(infix.map((r) => r.blog.title)).toEqual(['র‍্যাব ও সাইবার নিরাপত্তা আইন']);
    expect(infix[0]?.highlightedTitle).toContain('<em>নিরাপত্তা</em>');
  });

  it('escapes markup in titles and text, so only the highlight is markup', async () => {
    await write({
      title: 'Bail <b>and</b> "remand" & custody',
      content: '<p>Bail &lt;script&gt;alert(1)&lt;/script&gt; remand rules</p>',
      status: 'PUBLISHED',
    });
    const [hit] = await search('remand');
    expect(hit?.highlightedTitle).toBe('Bail &#60;b&#62;and&#60;/b&#62; &#34;<em>remand</em>&#34; &#38; custody');
    expect(hit?.highlightedContent).toBe('Bail &#60;script&#62;alert(1)&#60;/script&#62; <em>remand</em> rules');
    expect(hit?.highlightedContent.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
  });

  it('cuts a long text to a snippet around the first match', async () => {
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(40);
    await write({
      title: 'Labour dismissal',
      content: `<p>${filler}Wrongful termination needs a show-cause notice. ${filler}</p>`,
      status: 'PUBLISHED',
    });
    const [hit] = await search('termination');
    expect(hit?.highlightedContent.startsWith('… ')).toBe(true);
    expect(hit?.highlightedContent.endsWith(' …')).toBe(true);
    expect(hit?.highlightedContent).toContain('Wrongful <em>termination</em> needs');
    expect(hit?.highlightedContent.length).toBeLessThan(300);
  });

  it('pages results with true counts and requires a query', async () => {
    const res = await call(t.app, 'GET', '/v1/blogs/search?q=cheque&size=1', { token: reader.token });
    expect(res.json?.metadata).toMatchObject({ totalCount: 2, pageSize: 1, hasNext: true });
    expect((await call(t.app, 'GET', '/v1/blogs/search?q=', { token: reader.token })).status).toBe(400);
  });
});
