import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical-url';
import { isXrpRelevant, mapCategories } from './categories';

describe('canonicalUrl', () => {
  it('strips tracking parameters, fragments and trailing slashes, and lower-cases the host', () => {
    expect(canonicalUrl('https://News.Example/a/b/?utm_source=rss&utm_medium=feed&id=7#comments')).toBe(
      'https://news.example/a/b?id=7',
    );
    expect(canonicalUrl('https://news.example/?fbclid=1')).toBe('https://news.example/');
  });

  it('resolves relative URLs and refuses other schemes', () => {
    expect(canonicalUrl('/x', 'https://news.example/feed')).toBe('https://news.example/x');
    expect(canonicalUrl('javascript:alert(1)')).toBeNull();
    expect(canonicalUrl('not a url')).toBeNull();
  });
});

describe('mapCategories', () => {
  it('uses the feed labels, the title and the text, in the category list’s order', () => {
    expect(
      mapCategories({
        feedCategories: ['Regulation'],
        title: 'SEC drops XRP lawsuit',
        text: '',
        feedCategory: null,
      }),
    ).toEqual(['XRP', 'REGULATION']);
    expect(
      mapCategories({
        feedCategories: [],
        title: 'Bank partners with Ripple for ODL',
        text: '',
        feedCategory: 'XRP',
      }),
    ).toEqual(['XRP', 'PARTNERSHIP', 'ADOPTION']);
  });

  it('falls back to NEWS when nothing fits', () => {
    expect(
      mapCategories({ feedCategories: [], title: 'Weekly digest', text: 'Hello', feedCategory: null }),
    ).toEqual(['NEWS']);
  });

  it('takes a feed label that is one of ours as it is', () => {
    expect(
      mapCategories({ feedCategories: ['business'], title: 'x', text: '', feedCategory: null }),
    ).toContain('BUSINESS');
  });
});

describe('isXrpRelevant', () => {
  it('recognises XRP, Ripple and the XRP Ledger as whole words only', () => {
    expect(isXrpRelevant({ title: 'XRPL amendment passes', text: '', feedCategories: [] })).toBe(true);
    expect(isXrpRelevant({ title: 'Ripple opens a Dubai office', text: '', feedCategories: [] })).toBe(true);
    expect(isXrpRelevant({ title: 'Bitcoin miners', text: 'nothing here', feedCategories: [] })).toBe(false);
    expect(isXrpRelevant({ title: 'The xrpayments startup', text: '', feedCategories: [] })).toBe(false);
  });
});

describe('canonicalUrl on hostile links', () => {
  it('drops trailing slashes after a long inner run of slashes, keeping the run', () => {
    const run = '/'.repeat(200_000);
    const url = canonicalUrl(`https://news.example/a${run}b${run}`);
    expect(url).toBe(`https://news.example/a${run}b`);
    expect(canonicalUrl('https://news.example/a///')).toBe('https://news.example/a');
    expect(canonicalUrl('https://news.example////')).toBe('https://news.example/');
  });
});
