/** Snippets: escaped HTML, matches by term in <mark>, the densest stretch of a long passage. */
import { describe, expect, it } from 'vitest';
import { escapeHtml, highlight } from './snippet';
import { terms } from '../../search/analyzer';

const set = (...words: string[]) => new Set(words.flatMap((w) => terms(w)));

describe('highlight', () => {
  it('marks inflected forms of the query terms and escapes everything else', () => {
    expect(highlight('<b>Tenants</b> & landlords', set('tenant'))).toBe(
      '&lt;b&gt;<mark>Tenants</mark>&lt;/b&gt; &amp; landlords',
    );
    expect(highlight('বাড়িওয়ালা ভাড়াটিয়াকে নোটিশ দিবেন।', set('ভাড়াটিয়া'))).toBe(
      'বাড়িওয়ালা <mark>ভাড়াটিয়াকে</mark> নোটিশ দিবেন।',
    );
  });

  it('keeps Bengali digits and dandas as written', () => {
    expect(highlight('ধারা ১৩৮। চেক', set('চেক'))).toBe('ধারা ১৩৮। <mark>চেক</mark>');
  });

  it('shows the stretch where the matches are, with ellipses', () => {
    const filler = 'lorem ipsum dolor '.repeat(40);
    const html = highlight(`${filler}the cheque was dishonoured ${filler}`, set('cheque', 'dishonour'), {
      maxChars: 120,
    });
    expect(html.startsWith('…')).toBe(true);
    expect(html.endsWith('…')).toBe(true);
    expect(html).toContain('<mark>cheque</mark> was <mark>dishonoured</mark>');
  });

  it('escapes quotes too', () => {
    expect(escapeHtml(`"a" 'b'`)).toBe('&quot;a&quot; &#39;b&#39;');
  });
});
