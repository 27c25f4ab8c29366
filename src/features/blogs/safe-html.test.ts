import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { highlightParts, safeHtml, unescapeHtml } from './safe-html';

function rendered(html: string): HTMLElement {
  return render(createElement('div', { 'data-testid': 'out' }, safeHtml(html))).getByTestId('out');
}

describe('safeHtml', () => {
  it('keeps the allowed formatting and forces safe link attributes', () => {
    const out = rendered(
      '<h2>Rent</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><p><a href="https://bdlaws.minlaw.gov.bd">law</a></p>',
    );
    expect(out.innerHTML).toBe(
      '<h2>Rent</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><p><a href="https://bdlaws.minlaw.gov.bd" target="_blank" rel="noopener noreferrer nofollow">law</a></p>',
    );
  });

  it('drops scripts, handlers, styles, frames, svg and unsafe links, keeping only text', () => {
    const out = rendered(
      '<p onclick="x()" style="color:red">a</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1">' +
        '<a href="javascript:alert(1)">j</a><iframe src="https://evil.example"></iframe><svg><a href="javascript:1">s</a></svg><div>d</div>',
    );
    expect(out.innerHTML).toBe('<p>a</p>jd');
  });
});

describe('highlightParts', () => {
  it('turns only the server’s <em> into matches and unescapes the rest as text', () => {
    expect(highlightParts('Bail &#60;b&#62; &#34;<em>remand</em>&#34; &amp; <em>custody</em>')).toEqual([
      { text: 'Bail <b> "', match: false },
      { text: 'remand', match: true },
      { text: '" & ', match: false },
      { text: 'custody', match: true },
    ]);
  });

  it('leaves unknown or out-of-range references as they are', () => {
    expect(unescapeHtml('&bogus; &#99999999; &#x41;')).toBe('&bogus; &#99999999; A');
  });
});
