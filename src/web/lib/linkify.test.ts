import { describe, expect, it } from 'vitest';
import { tokenizeLinks } from './linkify';

const links = (text: string) =>
  tokenizeLinks(text)
    .filter((token) => token.type === 'link')
    .map((token) => [token.text, token.href]);

describe('tokenizeLinks', () => {
  it('keeps the text as written, links included, in order', () => {
    const text = 'Read https://xrpl.org/docs, then (www.example.com/a).\nDone.';
    expect(tokenizeLinks(text)).toEqual([
      { type: 'text', text: 'Read ' },
      { type: 'link', text: 'https://xrpl.org/docs', href: 'https://xrpl.org/docs' },
      { type: 'text', text: ', then (' },
      { type: 'link', text: 'www.example.com/a', href: 'http://www.example.com/a' },
      { type: 'text', text: ').\nDone.' },
    ]);
    expect(
      tokenizeLinks(text)
        .map((token) => token.text)
        .join(''),
    ).toBe(text);
  });

  it('links http and https only', () => {
    expect(links('HTTPS://EXAMPLE.COM/A and http://example.org')).toEqual([
      ['HTTPS://EXAMPLE.COM/A', 'https://example.com/A'],
      ['http://example.org', 'http://example.org/'],
    ]);
    for (const text of [
      'javascript:alert(1)',
      '[x](javascript:alert(1))',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'ftp://files.example.com',
      'mailto:someone@example.com',
      'someone@example.com',
      '//evil.example.com',
      'readme.md and config.py',
      'version 1.2.3',
    ])
      expect(links(text), text).toEqual([]);
  });

  it('escapes what a link address may not hold', () => {
    expect(links('https://a.example/"onmouseover="alert(1)')).toEqual([
      ['https://a.example/"onmouseover="alert(1)', 'https://a.example/%22onmouseover=%22alert(1)'],
    ]);
  });

  it('leaves markup as text', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)>';
    expect(tokenizeLinks(text)).toEqual([{ type: 'text', text }]);
  });
});
