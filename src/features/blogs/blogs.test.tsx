import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Blog } from '../../../contract/blogs';
import { envelope, fakeServer, renderScreen, signInForTest, testUser } from '../../app/testing';
import { BlogDetailPage } from './blog-detail-page';
import { LawInsightsPage } from './law-insights-page';
import { LawyerBlogsPage } from './lawyer-blogs-page';

afterEach(() => vi.unstubAllGlobals());

// jsdom lays nothing out, and its Range has no geometry: ProseMirror asks where the caret is to
// scroll it into view. An empty answer is what a browser gives for an element not on screen.
beforeAll(() => {
  if (!('getClientRects' in Range.prototype)) {
    Object.assign(Range.prototype, {
      getClientRects: () => document.createElement('span').getClientRects(),
      getBoundingClientRect: () => new DOMRect(),
    });
  }
});

/** A paste into the editor, as the browser delivers it (ProseMirror reads the event's clipboardData). */
function pasteInto(area: HTMLElement, content: { text: string; html?: string }) {
  area.focus();
  const data = { 'text/plain': content.text, 'text/html': content.html ?? '' };
  fireEvent.paste(area, {
    clipboardData: { types: Object.keys(data), getData: (type: keyof typeof data) => data[type] ?? '' },
  });
}

const AUTHOR = {
  id: '5a1c3a5e-8b7e-4d6a-9e0f-2f7d1a1b2c3d',
  firstName: 'Ayesha',
  lastName: 'Siddiqua',
  email: 'lawyer1@legalconnect.test',
};
const BLOG_ID = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

function aBlog(overrides: Partial<Blog> = {}): Blog {
  return {
    blogId: BLOG_ID,
    author: AUTHOR,
    title: 'Tenancy in Dhaka',
    content: '<h2>Rights</h2><p>Ask for a <strong>receipt</strong>.</p>',
    excerpt: 'Rights Ask for a receipt.',
    language: 'en',
    status: 'PUBLISHED',
    publishedAt: '2026-11-01T10:00:00+06:00',
    createdAt: '2026-11-01T10:00:00+06:00',
    updatedAt: '2026-11-01T10:00:00+06:00',
    subscribed: false,
    ...overrides,
  };
}

const meta = (total: number) => ({
  totalCount: total,
  pageNumber: 0,
  pageSize: 10,
  totalPages: Math.ceil(total / 10),
  hasNext: false,
  hasPrevious: false,
  isFirst: true,
  isLast: true,
});

describe('LawInsightsPage', () => {
  it('lists the newest posts, posts of followed authors and the followed authors', async () => {
    signInForTest('USER');
    fakeServer((call) => {
      if (call.path === '/v1/blogs') return envelope(200, { data: { blogs: [aBlog()] }, metadata: meta(1) });
      if (call.path === '/v1/blogs/subscribed')
        return envelope(200, {
          data: { blogs: [aBlog({ blogId: 'b2', title: 'Cheque dishonour' })] },
          metadata: meta(1),
        });
      if (call.path === '/v1/blogs/authors/subscriptions')
        return envelope(200, {
          data: { authors: [{ ...AUTHOR, subscribedAt: '2026-10-01T10:00:00+06:00', publishedCount: 3 }] },
          metadata: meta(1),
        });
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/law-insights', <LawInsightsPage />);
    const link = await screen.findByRole('link', { name: 'Tenancy in Dhaka' });
    expect(link.getAttribute('href')).toBe(`/blog/${BLOG_ID}`);
    const followed = screen.getByRole('region', { name: 'From authors you follow' });
    expect(await within(followed).findByRole('link', { name: 'Cheque dishonour' })).toBeTruthy();
    const authors = screen.getByRole('region', { name: 'Authors you follow' });
    const profile = await within(authors).findByRole('link', { name: 'Ayesha Siddiqua' });
    expect(profile.getAttribute('href')).toBe('/lawyers/lawyer1%40legalconnect.test/details');
    expect(within(authors).getByText(/3 articles/)).toBeTruthy();
  });

  it('searches from the address and marks the matches without trusting any other markup', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) => {
      if (call.path === '/v1/blogs/search')
        return envelope(200, {
          data: {
            results: [
              {
                blog: aBlog(),
                highlightedTitle: '<em>Tenancy</em> in Dhaka',
                highlightedContent: '&#60;img src=x onerror=alert(1)&#62; a <em>tenancy</em> deed',
                subscribed: false,
              },
            ],
          },
          metadata: meta(1),
        });
      return envelope(200, { data: { blogs: [], authors: [] }, metadata: meta(0) });
    });
    const { container } = renderScreen('/law-insights?q=tenancy', <LawInsightsPage />);
    await screen.findByText('Articles found: 1');
    expect(calls.find((c) => c.path === '/v1/blogs/search')?.query).toMatchObject({ q: 'tenancy', page: '0' });
    const marks = Array.from(container.querySelectorAll('mark')).map((m) => m.textContent);
    expect(marks).toEqual(['Tenancy', 'tenancy']);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
  });

  it('submits a search into the address', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) =>
      call.path === '/v1/blogs/search'
        ? envelope(200, { data: { results: [] }, metadata: meta(0) })
        : envelope(200, { data: { blogs: [], authors: [] }, metadata: meta(0) }),
    );
    renderScreen('/law-insights', <LawInsightsPage />);
    fireEvent.change(screen.getByLabelText('Search articles'), { target: { value: 'যৌতুক' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No published article matches your search.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/v1/blogs/search')?.query.q).toBe('যৌতুক');
  });

  it('speaks Bangla', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(200, { data: { blogs: [], authors: [] }, metadata: meta(0) }));
    renderScreen('/law-insights', <LawInsightsPage />, { lang: 'bn' });
    expect(await screen.findByRole('heading', { level: 1, name: 'আইনি অন্তর্দৃষ্টি' })).toBeTruthy();
    expect(await screen.findByText('এখনো কোনো নিবন্ধ প্রকাশিত হয়নি।')).toBeTruthy();
  });
});

describe('BlogDetailPage', () => {
  it('shows the post through the allowlist, the author card, and follows the author', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) => {
      if (call.path === `/v1/blogs/${BLOG_ID}`)
        return envelope(200, {
          data: aBlog({ content: '<p>Ask for a <strong>receipt</strong>.</p><img src=x onerror="window.__xss=1">' }),
        });
      if (call.path === `/v1/blogs/authors/${AUTHOR.id}/subscribe`)
        return envelope(201, { data: { author: AUTHOR, subscribed: true } });
      if (call.path === `/v1/blogs/authors/${AUTHOR.id}`)
        return envelope(200, {
          data: { blogs: [aBlog(), aBlog({ blogId: 'b3', title: 'Land mutation' })] },
          metadata: meta(2),
        });
      return envelope(404, { error: { message: 'Blog not found' } });
    });
    const { container } = renderScreen(`/blog/${BLOG_ID}`, <BlogDetailPage />, { route: '/blog/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenancy in Dhaka' })).toBeTruthy();
    expect(container.querySelector('.blog-content')?.innerHTML).toBe('<p>Ask for a <strong>receipt</strong>.</p>');
    expect(screen.getByRole('link', { name: 'View profile' }).getAttribute('href')).toBe(
      '/lawyers/lawyer1%40legalconnect.test/details',
    );
    expect(await screen.findByRole('link', { name: 'Land mutation' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Tenancy in Dhaka' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/v1/blogs/authors/${AUTHOR.id}/subscribe`)).toBe(
        true,
      ),
    );
  });

  it('says a post that is not there (or not published) does not exist', async () => {
    signInForTest('USER');
    fakeServer(() => envelope(404, { error: { message: 'Blog not found' } }));
    renderScreen(`/blog/${BLOG_ID}`, <BlogDetailPage />, { route: '/blog/:id' });
    expect(await screen.findByText('This article does not exist, or it is not published.')).toBeTruthy();
  });
});

describe('LawyerBlogsPage', () => {
  const me = testUser('LAWYER');
  const mine = (overrides: Partial<Blog> = {}) => aBlog({ author: { ...AUTHOR, id: me.id }, ...overrides });

  it('lists my posts by status, publishes a draft and deletes after confirming', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer((call) => {
      if (call.path === `/v1/blogs/authors/${me.id}`)
        return envelope(200, { data: { blogs: [mine({ status: 'DRAFT', publishedAt: null })] }, metadata: meta(1) });
      if (call.path === '/v1/blogs/authors/subscribers')
        return envelope(200, {
          data: {
            subscribers: [
              {
                id: 'c1',
                firstName: 'Tanvir',
                lastName: 'Hossain',
                email: 'c@x.test',
                subscribedAt: '2026-10-01T10:00:00+06:00',
              },
            ],
          },
          metadata: meta(1),
        });
      if (call.path === `/v1/blogs/${BLOG_ID}/status`) return envelope(200, { data: mine() });
      if (call.path === `/v1/blogs/${BLOG_ID}` && call.method === 'DELETE') return envelope(200, { data: true });
      return envelope(404, { error: { message: 'Resource not found' } });
    });
    renderScreen('/lawyer/blogs?status=DRAFT', <LawyerBlogsPage />);
    expect(await screen.findByRole('link', { name: 'Tenancy in Dhaka' })).toBeTruthy();
    expect(calls.find((c) => c.path === `/v1/blogs/authors/${me.id}`)?.query).toMatchObject({ status: 'DRAFT' });
    expect(await screen.findByText('Tanvir Hossain')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/v1/blogs/${BLOG_ID}/status`)?.query).toEqual({ status: 'PUBLISHED' }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Delete “Tenancy in Dhaka”?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `/v1/blogs/${BLOG_ID}`)).toBe(true),
    );
  });

  it('writes a new post with the editor and saves it as a draft; shows the server’s refusal in Bangla', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer((call) => {
      if (call.path === '/v1/blogs' && call.method === 'POST')
        return envelope(403, { error: { message: 'Your lawyer profile must be approved first' } });
      return envelope(200, { data: { blogs: [], subscribers: [] }, metadata: meta(0) });
    });
    renderScreen('/lawyer/blogs', <LawyerBlogsPage />, { lang: 'bn' });
    fireEvent.click(await screen.findByRole('button', { name: 'নতুন পোস্ট' }));
    fireEvent.change(screen.getByLabelText('শিরোনাম'), { target: { value: 'ভাড়াটিয়ার অধিকার' } });
    const area = await screen.findByRole('textbox', { name: 'লেখা' });
    const toolbar = screen.getByRole('toolbar', { name: 'বিন্যাস' });
    pasteInto(area, { text: 'রসিদ চেয়ে নিন' });
    // Select the whole text (Ctrl+A) and make it bold from the toolbar.
    fireEvent.keyDown(area, { key: 'a', ctrlKey: true });
    const bold = within(toolbar).getByRole('button', { name: 'গাঢ়' });
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: 'খসড়া সংরক্ষণ' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/blogs')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'ভাড়াটিয়ার অধিকার',
      content: '<p><strong>রসিদ চেয়ে নিন</strong></p>',
      status: 'DRAFT',
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  /** A signed-in lawyer opens a new post with `title` against a server that saves drafts. */
  async function openNewPost(title: string) {
    signInForTest('LAWYER');
    const calls = fakeServer((call) => {
      if (call.method === 'POST') return envelope(201, { data: aBlog({ status: 'DRAFT' }) });
      return envelope(200, { data: { blogs: [], subscribers: [] }, metadata: meta(0) });
    });
    renderScreen('/lawyer/blogs', <LawyerBlogsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
    return { calls, area: await screen.findByRole('textbox', { name: 'Content' }) };
  }

  it('keeps only what the server allows from pasted HTML, and makes headings, lists and links', async () => {
    const { calls, area } = await openNewPost('Tenancy');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    pasteInto(area, {
      html:
        '<h2 style="color:red">Rights</h2><p onclick="alert(1)">Ask <b>now</b><img src=x onerror="alert(2)">' +
        '<script>alert(3)</script></p><table><tr><td>cell</td></tr></table>',
      text: 'Rights Ask now cell',
    });
    // The caret is at the end, in the table's text (now a paragraph): it becomes a bulleted item with a link.
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Bulleted list' }));
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address (https://…)');
    fireEvent.change(address, { target: { value: 'javascript:alert(4)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(screen.getByText('Use an address that starts with https://, http:// or mailto:')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'https://bdlaws.minlaw.gov.bd' } });
    fireEvent.keyDown(address, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByLabelText('Link address (https://…)')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const { content } = calls.find((c) => c.method === 'POST')?.body as { content: string };
    expect(content).not.toMatch(/script|onerror|onclick|style=|<img|<table|javascript:/);
    expect(content).toContain('<h2>Rights</h2>');
    expect(content).toContain('<strong>now</strong>');
    expect(content).toMatch(
      /<ul><li><p>cell<a target="_blank" rel="noopener noreferrer nofollow" href="https:\/\/bdlaws\.minlaw\.gov\.bd">https:\/\/bdlaws\.minlaw\.gov\.bd<\/a><\/p><\/li><\/ul>$/,
    );
    // Every tag is one the server's sanitiser keeps (server/modules/blogs/sanitize.ts).
    const tags = new Set([...content.matchAll(/<([a-z0-9]+)/g)].map((m) => m[1]));
    for (const tag of tags)
      expect([
        'h2',
        'h3',
        'p',
        'strong',
        'em',
        'u',
        's',
        'ul',
        'ol',
        'li',
        'blockquote',
        'a',
        'code',
        'pre',
        'br',
      ]).toContain(tag);
  });

  it('keeps a pasted <h1> a heading (h2, as the server would) and a pasted <h4>–<h6> a subheading', async () => {
    const { calls, area } = await openNewPost('Tenancy');
    pasteInto(area, {
      html: '<h1 class="title">Tenancy <em>law</em></h1><p>Rent</p><h4>Deposit</h4><h6>Notice</h6>',
      text: 'Tenancy law Rent Deposit Notice',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const { content } = calls.find((c) => c.method === 'POST')?.body as { content: string };
    expect(content).toBe('<h2>Tenancy <em>law</em></h2><p>Rent</p><h3>Deposit</h3><h3>Notice</h3>');
  });

  it('loads the post being changed into the editor', async () => {
    signInForTest('LAWYER');
    const calls = fakeServer((call) => {
      if (call.method === 'PUT') return envelope(200, { data: aBlog() });
      return envelope(200, { data: { blogs: [aBlog({ status: 'DRAFT' })], subscribers: [] }, metadata: meta(1) });
    });
    renderScreen('/lawyer/blogs', <LawyerBlogsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const area = await screen.findByRole('textbox', { name: 'Content' });
    await waitFor(() => expect(area.querySelector('h2')?.textContent).toBe('Rights'));
    expect(area.querySelector('strong')?.textContent).toBe('receipt');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Tenancy in Dhaka',
      content: '<h2>Rights</h2><p>Ask for a <strong>receipt</strong>.</p>',
    });
  });

  it('moves through the toolbar with the arrow keys', async () => {
    signInForTest('LAWYER');
    fakeServer(() => envelope(200, { data: { blogs: [], subscribers: [] }, metadata: meta(0) }));
    renderScreen('/lawyer/blogs', <LawyerBlogsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    buttons[0]?.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Subheading' }));
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(document.activeElement).toBe(within(toolbar).getByRole('button', { name: 'Remove link' }));
  });
});
