import { describe, expect, it } from 'vitest';
import { decideAccess, safeReturnPath, type GuardViewer } from './guard';
import { isKnownClientPath } from './routes';

const anonymous: GuardViewer = {
  loading: false,
  signedIn: false,
  isPremium: false,
  isAdmin: false,
  isAnalyst: false,
};
const free: GuardViewer = { ...anonymous, signedIn: true };
const premium: GuardViewer = { ...free, isPremium: true };
const admin: GuardViewer = { ...free, isAdmin: true, isAnalyst: true };
const analyst: GuardViewer = { ...free, isAnalyst: true };

describe('decideAccess (the route guard)', () => {
  it('lets anyone see public pages, even while the session loads', () => {
    expect(decideAccess('public', { ...anonymous, loading: true })).toEqual({ kind: 'allow' });
  });

  it('shows the loading state for a guarded page until the session is known', () => {
    expect(decideAccess('user', { ...free, loading: true })).toEqual({ kind: 'loading' });
  });

  it('sends visitors to /auth and remembers where they were going', () => {
    for (const access of ['user', 'premium', 'admin'] as const) {
      expect(decideAccess(access, anonymous)).toEqual({ kind: 'redirect', to: '/auth', rememberFrom: true });
    }
  });

  it('sends non-premium users from premium pages to /membership', () => {
    expect(decideAccess('premium', free)).toEqual({
      kind: 'redirect',
      to: '/membership',
      rememberFrom: false,
    });
    expect(decideAccess('premium', admin)).toEqual({
      kind: 'redirect',
      to: '/membership',
      rememberFrom: false,
    });
    expect(decideAccess('premium', premium)).toEqual({ kind: 'allow' });
  });

  it('opens the analyst inbox to analysts and administrators only', () => {
    expect(decideAccess('analyst', free)).toEqual({ kind: 'redirect', to: '/', rememberFrom: false });
    expect(decideAccess('analyst', premium)).toEqual({ kind: 'redirect', to: '/', rememberFrom: false });
    expect(decideAccess('analyst', analyst)).toEqual({ kind: 'allow' });
    expect(decideAccess('analyst', admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('admin', analyst)).toEqual({ kind: 'redirect', to: '/', rememberFrom: false });
  });

  it('sends non-admins from admin pages to /', () => {
    expect(decideAccess('admin', free)).toEqual({ kind: 'redirect', to: '/', rememberFrom: false });
    expect(decideAccess('admin', premium)).toEqual({ kind: 'redirect', to: '/', rememberFrom: false });
    expect(decideAccess('admin', admin)).toEqual({ kind: 'allow' });
  });
});

describe('safeReturnPath', () => {
  it('returns in-app paths and refuses anything that leaves the site', () => {
    expect(safeReturnPath('/news?category=XRP')).toBe('/news?category=XRP');
    expect(safeReturnPath('//evil.example.com')).toBe('/');
    expect(safeReturnPath('https://evil.example.com')).toBe('/');
    expect(safeReturnPath('/auth')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
  });
});

describe('isKnownClientPath', () => {
  it('knows the route table and the footer pages, with or without a trailing slash', () => {
    expect(isKnownClientPath('/')).toBe(true);
    expect(isKnownClientPath('/alerts/')).toBe(true);
    expect(isKnownClientPath('/api')).toBe(true);
    expect(isKnownClientPath('/nope')).toBe(false);
    expect(isKnownClientPath('/billing/test/checkout/cs_test_0a1b')).toBe(true);
    expect(isKnownClientPath('/billing/test/checkout/')).toBe(false);
    expect(isKnownClientPath('/billing/test/checkout/a/b')).toBe(false);
  });

  it("knows a news article's page by its id, and nothing else under /news", () => {
    expect(isKnownClientPath('/news/3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69')).toBe(true);
    expect(isKnownClientPath('/news/stats')).toBe(false);
    expect(isKnownClientPath('/news/3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69/x')).toBe(false);
  });
});

describe('isKnownClientPath on hostile paths', () => {
  it('reads a path of a long inner run of slashes in one pass, trailing slashes ignored', () => {
    expect(isKnownClientPath('/news///')).toBe(true);
    expect(isKnownClientPath(`/news${'/'.repeat(200_000)}x/`)).toBe(false);
    expect(isKnownClientPath('////')).toBe(false);
    expect(isKnownClientPath('/')).toBe(true);
  });
});
