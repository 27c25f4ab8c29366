/**
 * The XSS corpus: a post's HTML is cut down to the allowlist before it is stored, whatever the editor
 * sent. Every payload below goes through POST /v1/blogs and comes back from GET /v1/blogs/{id}; the
 * stored HTML is then parsed the way a browser parses it (parse5, the WHATWG algorithm, which
 * also rebuilds malformed markup as browsers do) and every element and attribute is checked against
 * the allowlist: no script, no event handler, no style, no URL but http, https and mailto.
 * tests/e2e/blogs.test.ts renders a stored payload in Chromium as the last word.
 */
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogSchema } from '../../../contract/blogs';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { plainTextOf, sanitizeBlogHtml } from './sanitize';
import { ServerMessages } from '../../../contract/errors';

const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'code',
  'pre',
]);

/** Payloads from the usual filter-evasion lists; each one would run script in some browser if kept. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss = 1</script>',
  '<SCRIPT SRC=https://evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>window.__xss = 1</scr</script>ipt>',
  '<img src=x onerror="window.__xss = 1">',
  '<IMG SRC="javascript:window.__xss = 1">',
  '<p onclick="window.__xss = 1">click</p>',
  '<p onmouseover=window.__xss=1>hover</p>',
  '<body onload=window.__xss=1>',
  '<a href="javascript:window.__xss=1">link</a>',
  '<a href="JaVaScRiPt:window.__xss=1">mixed case</a>',
  '<a href="  javascript:window.__xss=1">leading spaces</a>',
  '<a href="java\tscript:window.__xss=1">tab</a>',
  '<a href="java&#x09;script:window.__xss=1">encoded tab</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">decimal entities</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;window.__xss=1">hex entities</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058window.__xss=1">padded entities</a>',
  '<a href="javascript&colon;window.__xss=1">named colon</a>',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==">data URL</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="https://ok.example" onclick="window.__xss=1" style="color:red">with handler</a>',
  '<svg onload=window.__xss=1><script>window.__xss=1</script></svg>',
  '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">svg link</text></a></svg>',
  '<svg><animate onbegin=window.__xss=1 attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<math href="javascript:window.__xss=1">math link</math>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<link rel="stylesheet" href="javascript:window.__xss=1">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<p style="background:url(javascript:window.__xss=1)">style url</p>',
  '<p style="width: expression(window.__xss=1)">style expression</p>',
  '<div style="behavior: url(xss.htc)">behaviour</div>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<input autofocus onfocus=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<video><source onerror="window.__xss=1"></video>',
  '<base href="javascript:window.__xss=1//">',
  '<template><script>window.__xss=1</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<textarea></textarea><script>window.__xss=1</script>',
  '<title><img src=x onerror=window.__xss=1></title>',
  '<<script>script>window.__xss=1<</script>/script>',
  '<p <script>window.__xss=1</script>>malformed</p>',
  '<a href="https://ok.example"<img src=x onerror=window.__xss=1>>unclosed attribute</a>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<![CDATA[<script>window.__xss=1</script>]]>',
  '<xmp><img src=x onerror=window.__xss=1></xmp>',
  '<a href="https://ok.example" target="_top">top target</a>',
  '<h1 id="x" class="y">heading with attributes</h1>',
  '<blockquote cite="javascript:window.__xss=1">quote</blockquote>',
  '<a href="mailto:x@example.test" formaction="javascript:window.__xss=1">mail</a>',
  '<p>\u0000<script>window.__xss=1</script></p>',
  '<isindex type=image src=1 onerror=window.__xss=1>',
  '<marquee onstart=window.__xss=1>marquee</marquee>',
];

type Node = DefaultTreeAdapterTypes.ChildNode;

/** Every element of the fragment as a browser would build it, depth first. */
function elements(html: string): DefaultTreeAdapterTypes.Element[] {
  const found: DefaultTreeAdapterTypes.Element[] = [];
  const walk = (nodes: readonly Node[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      found.push(node);
      walk(node.childNodes);
      if (node.tagName === 'template') walk((node as DefaultTreeAdapterTypes.Template).content.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return found;
}

/** Throws unless every element, attribute and URL of `html` is within the allowlist. */
function assertHarmless(html: string): void {
  for (const element of elements(html)) {
    expect(ALLOWED_TAGS.has(element.tagName), `<${element.tagName}> in ${html}`).toBe(true);
    expect(element.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    for (const { name, value } of element.attrs) {
      expect(
        element.tagName === 'a' && ['href', 'target', 'rel'].includes(name),
        `${name} on <${element.tagName}>`,
      ).toBe(true);
      if (name === 'href') expect(value).toMatch(/^(https?:|mailto:)/i);
      if (name === 'target') expect(value).toBe('_blank');
      if (name === 'rel') expect(value).toBe('noopener noreferrer nofollow');
    }
  }
}

describe('the sanitiser', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_PAYLOADS)('leaves nothing that runs: %s', (payload) => {
    const out = sanitizeBlogHtml(`<p>Before</p>${payload}<p>After</p>`);
    assertHarmless(out);
    expect(out).not.toMatch(/<script|<iframe|<svg|<math|<img|<style|<object|<embed|<meta|<base|<form|<input/i);
    expect(out).not.toMatch(/\son\w+\s*=|javascript:|vbscript:|data:|expression\(|style=/i);
    expect(out).toContain('<p>Before</p>');
  });

  it('keeps the formatting the editor makes, and makes links safe to follow', () => {
    const html =
      '<h2>Heading</h2><h3>Sub</h3><h4>Minor</h4><p><strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>code</code></pre>' +
      '<p><a href="https://bdlaws.minlaw.gov.bd" target="_blank">law</a> <a href="mailto:a@b.test">mail</a></p>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h2>Heading</h2><h3>Sub</h3><h4>Minor</h4><p><strong>bold</strong> <strong>b</strong> <em>em</em> <em>i</em> <u>u</u> <s>s</s><br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>code</code></pre>' +
        '<p><a rel="noopener noreferrer nofollow" href="https://bdlaws.minlaw.gov.bd" target="_blank">law</a> ' +
        '<a rel="noopener noreferrer nofollow" href="mailto:a@b.test">mail</a></p>',
    );
  });

  it('maps headings and divs into the allowed set and keeps Bangla text intact', () => {
    expect(sanitizeBlogHtml('<h1>শিরোনাম</h1><div>অনুচ্ছেদ</div><h6>ছোট</h6>')).toBe(
      '<h2>শিরোনাম</h2><p>অনুচ্ছেদ</p><h4>ছোট</h4>',
    );
  });

  it('reads the text of the HTML with blocks apart and entities decoded', () => {
    expect(plainTextOf('<h2>Rent</h2><p>A &amp; B &lt;tag&gt;</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Rent A & B <tag> one two',
    );
  });
});

describe('stored through the API', () => {
  let t: TestApp;
  let author: Session;

  beforeAll(async () => {
    t = await startTestApp();
    author = (await lawyerSession(t)).session;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores and returns every payload harmless, in the post and in search snippets', async () => {
    let stored = 0;
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      if (payload.includes('\u0000')) {
        // Text with NUL never reaches the sanitiser or the database: the request is refused.
        const refused = await call(t.app, 'POST', '/v1/blogs', {
          token: author.token,
          body: { title: `Payload ${i}`, content: `<p>xsscorpus</p>${payload}`, status: 'PUBLISHED' },
        });
        expect([refused.status, refused.json?.error?.message]).toEqual([400, ServerMessages.invalidText]);
        continue;
      }
      stored += 1;
      const created = await call(t.app, 'POST', '/v1/blogs', {
        token: author.token,
        body: {
          title: `Payload ${i} <script>window.__xss=1</script>`,
          content: `<p>xsscorpus</p>${payload}`,
          status: 'PUBLISHED',
        },
      });
      expect(created.status, payload).toBe(201);
      const read = await call(t.app, 'GET', `/v1/blogs/${BlogSchema.parse(created.json?.data).blogId}`, {
        token: author.token,
      });
      const blog = BlogSchema.parse(read.json?.data);
      assertHarmless(blog.content);
      expect(blog.content.startsWith('<p>xsscorpus</p>')).toBe(true);
    }
    const res = await call(t.app, 'GET', `/v1/blogs/search?q=xsscorpus&size=100`, { token: author.token });
    const results = (res.json?.data as { results: { highlightedTitle: string; highlightedContent: string }[] }).results;
    expect(results).toHaveLength(stored);
    for (const result of results) {
      for (const text of [result.highlightedTitle, result.highlightedContent]) {
        expect(text.replace(/<\/?em>/g, '')).not.toMatch(/[<>]/);
      }
    }
  });
});
