/**
 * The allowlist a blog post's HTML is cut down to before it is stored (docs/api.md §4 Blogs: "HTML is
 * sanitised on the server"). Readers' browsers render the stored HTML as it is, so nothing that can
 * run script may survive here, whatever the editor sent: only text formatting, lists, quotes, code
 * and links remain; no attribute but a link's href (http, https, mailto) and target; no style.
 * sanitize-html parses with htmlparser2, drops every other tag (keeping its text, which is escaped on
 * output) and drops the contents of script-like elements outright.
 */
import sanitizeHtml from 'sanitize-html';
import { BLOG_HTML_TAGS } from '../../../contract/constants';

const ALLOWED_TAGS: string[] = [...BLOG_HTML_TAGS];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is code or markup, not reading text: dropped with everything inside.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
    'head',
    'xmp',
    'noembed',
    'noframes',
    'select',
    'applet',
    'frameset',
  ],
  transformTags: {
    // Editors paste what they have: keep the structure within the allowed set.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    div: 'p',
    // The browser's bold/italic commands write <b>/<i>; store the semantic forms.
    b: 'strong',
    i: 'em',
    a: (tagName, attribs) => {
      const link: Record<string, string> = { rel: 'noopener noreferrer nofollow' };
      if (attribs.href !== undefined) link.href = attribs.href;
      if (attribs.target === '_blank') link.target = '_blank';
      return { tagName, attribs: link };
    },
  },
};

/** The post's HTML with everything outside the allowlist removed. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(?:p|h2|h3|h4|li|blockquote|pre)>|<br\s*\/?>/gi;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The text of sanitised HTML (blocks separated by a space), for excerpts, snippets and search tokens. */
export function plainTextOf(sanitized: string): string {
  const text = sanitizeHtml(sanitized.replace(BLOCK_END, '$& '), { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

const BANGLA_LETTER = /[\u0980-\u09ff]/gu;
const ANY_LETTER = /\p{L}/gu;

/** `bn` when at least a third of the letters are Bangla: the reader's `lang` for hyphenation and fonts. */
export function languageOf(text: string): 'en' | 'bn' {
  const letters = text.match(ANY_LETTER)?.length ?? 0;
  if (letters === 0) return 'en';
  const bangla = text.match(BANGLA_LETTER)?.length ?? 0;
  return bangla * 3 >= letters ? 'bn' : 'en';
}
