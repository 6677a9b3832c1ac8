/**
 * @jest-environment node
 */
import { escapeHtml } from '../html';

describe('escapeHtml', () => {
  it('shows markup in a name or a comment as written, in text and in either kind of quoted attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
  });

  it('escapes an ampersand first, so an entity written in the text stays text', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text, accents and emoji included, as it is', () => {
    expect(escapeHtml('Règlement № 5 — ok ✓')).toBe('Règlement № 5 — ok ✓');
  });
});
