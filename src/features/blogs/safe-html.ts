/**
 * Turns a post's HTML into React elements through an allowlist, as a second line behind the server's
 * sanitiser (server/modules/blogs/sanitize.ts): the HTML is parsed by DOMParser into an inert
 * document (nothing in it loads or runs), and only the allowed elements are rebuilt, with only a
 * link's http/https/mailto href. Text is React text, so nothing is ever set as innerHTML.
 */
import { createElement, Fragment, type ReactNode } from 'react';
import { BLOG_HTML_TAGS } from '../../../contract/constants';

const ALLOWED: ReadonlySet<string> = new Set(BLOG_HTML_TAGS);
/** Content that is code or markup, never reading text: dropped with everything inside. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'noscript']);
const SAFE_HREF = /^(https?:|mailto:)/i;

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') return null;
  const children = Array.from(element.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (!SAFE_HREF.test(href)) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** The allowed part of `html` as React nodes. */
export function safeHtml(html: string): ReactNode {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  return Array.from(body.childNodes, (child, i) => convert(child, String(i)));
}

/**
 * A search highlight of the server (matches in `<em>`, every other character escaped) as parts:
 * `{ text, match }`. Only the two tags are recognised; the text between them is unescaped as text.
 */
export function highlightParts(highlighted: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const pattern = /<em>(.*?)<\/em>/gs;
  let at = 0;
  for (const found of highlighted.matchAll(pattern)) {
    if (found.index > at) parts.push({ text: unescapeHtml(highlighted.slice(at, found.index)), match: false });
    parts.push({ text: unescapeHtml(found[1] ?? ''), match: true });
    at = found.index + found[0].length;
  }
  if (at < highlighted.length) parts.push({ text: unescapeHtml(highlighted.slice(at)), match: false });
  return parts;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes numeric and the basic named character references (what the server's escaping makes). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (!ref.startsWith('#')) return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
