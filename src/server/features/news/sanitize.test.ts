import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstImageSrc, htmlToText, sanitizeArticleHtml } from './sanitize';

const payloads = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/news/xss-payloads.txt'), 'utf8')
  .split('\n')
  .filter(Boolean);

const allowedAttributes: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  abbr: ['title'],
};

/**
 * Every executable sink a browser would act on, read from the output's real tags (sanitize-html
 * escapes `<` in text, so each `<name` left is a tag): unknown tags, event handlers, style, and any
 * link or source that is not absolute http(s).
 */
function sinks(html: string): string[] {
  const found: string[] = [];
  for (const [, name = '', attrs = ''] of html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)) {
    const tag = name.toLowerCase();
    if (
      [
        'script',
        'iframe',
        'svg',
        'style',
        'object',
        'embed',
        'form',
        'math',
        'template',
        'base',
        'link',
        'meta',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const [, attr = '', value = ''] of attrs
      .replace(/\/\s*$/, '')
      .matchAll(/([^\s=]+)(?:\s*=\s*"([^"]*)")?/g)) {
      const lower = attr.toLowerCase();
      if (!(allowedAttributes[tag] ?? []).includes(lower)) found.push(`${tag}[${lower}]`);
      if ((lower === 'href' || lower === 'src') && !/^https?:\/\//i.test(value))
        found.push(`${tag}[${lower}=${value}]`);
    }
  }
  return found;
}

describe('sanitizeArticleHtml', () => {
  it(`neutralises every payload of the XSS corpus (${payloads.length})`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    for (const payload of payloads) {
      const clean = sanitizeArticleHtml(payload, 'https://news.example/a/b');
      expect(sinks(clean), `${payload}\n→ ${clean}`).toEqual([]);
    }
  });

  it('keeps article formatting, resolves relative links and images, and opens links safely', () => {
    const clean = sanitizeArticleHtml(
      '<p class="x" id="y">Hello <b>XRP</b> <a href="/glossary#escrow">escrow</a></p><img src="/i.png" alt="chart"><ul><li>one</li></ul>',
      'https://news.example/2025/12/post',
    );
    expect(clean).toBe(
      '<p>Hello <b>XRP</b> <a href="https://news.example/glossary#escrow" target="_blank" rel="noopener noreferrer nofollow">escrow</a></p><img src="https://news.example/i.png" alt="chart" /><ul><li>one</li></ul>',
    );
  });

  it('has no executable sink for any mix of markup fragments (property)', () => {
    const fragment = fc.oneof(
      fc.constantFrom(...payloads),
      fc.constantFrom(
        '<p>',
        '</p>',
        '<a href="',
        '<img src=',
        '"',
        "'",
        '>',
        '<',
        'javascript:',
        ' onload=',
        '&#',
        ';',
        '<svg',
        '<!--',
        '-->',
        '<![CDATA[',
        ']]>',
      ),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 12 }), (parts) => {
        const clean = sanitizeArticleHtml(parts.join(''), 'https://news.example/');
        return sinks(clean).length === 0;
      }),
      { numRuns: 2000 },
    );
  });
});

describe('htmlToText', () => {
  it('drops tags and the text of scripts and styles, decodes entities and collapses whitespace', () => {
    expect(
      htmlToText('<p>A&amp;B &lt;3</p><script>alert(1)</script><style>p{}</style><p>next&nbsp;line</p>'),
    ).toBe('A&B <3 next line');
  });

  it('separates blocks and line breaks with a space, and drops the text of textarea, svg and the like', () => {
    expect(htmlToText('one<br>two<br/>three<div>four</div>five<li>six</li>')).toBe(
      'one two three four five six',
    );
    expect(htmlToText('kept<textarea>hidden</textarea><svg><text>hidden</text></svg> too')).toBe('kept too');
  });

  it('reads 5 MB of unclosed <br as the text before them', () => {
    const title = `XRP news ${'<br'.repeat(1_750_000)}`;
    expect(title.length).toBeGreaterThan(5_000_000);
    expect(htmlToText(title)).toBe('XRP news');
    expect(htmlToText(`${'<p>a</p>'.repeat(100_000)}`)).toBe(Array(100_000).fill('a').join(' '));
  });
});

describe('firstImageSrc', () => {
  it('gives the src of the first <img> that has one, entities decoded', () => {
    expect(firstImageSrc('<p>x</p><img alt="none"><IMG SRC=\'/a.png?x=1&amp;y=2\'><img src="/b.png">')).toBe(
      '/a.png?x=1&y=2',
    );
    expect(firstImageSrc('<p>no image</p><!-- <img src="/c.png"> -->')).toBeNull();
  });

  it('reads 5 MB of unfinished <img: none, or the src the tag ends with', () => {
    const junk = '<img '.repeat(1_000_000);
    expect(firstImageSrc(`<p>XRP</p>${junk}`)).toBeNull();
    expect(firstImageSrc(`<p>XRP</p>${junk}<img src="https://img.example/x.png">`)).toBe(
      'https://img.example/x.png',
    );
  });
});
