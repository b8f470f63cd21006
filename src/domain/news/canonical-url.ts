/** Tracking parameters that never change what a URL points to. */
const TRACKING = /^(?:utm_\w+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src|cmpid|_ga)$/i;

/**
 * The URL an article is deduplicated by: absolute, http(s) only, host lower-cased, no fragment, no
 * tracking parameters, no default port, and no trailing slash on a non-root path. Null when the input
 * is not an http(s) URL (after resolving against `base`).
 */
export function canonicalUrl(raw: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  url.searchParams.sort();
  if (url.pathname.length > 1 && url.pathname.endsWith('/'))
    url.pathname = withoutTrailingSlashes(url.pathname);
  return url.toString();
}

/** A URL resolved against a base, or null when it is not http(s) (javascript:, data:, garbage). */
export function absoluteHttpUrl(raw: string | null | undefined, base?: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * The path without its trailing slashes, by a scan from the end: `/\/+$/` retries at every slash of
 * a long run that is not trailing (quadratic; a feed's link is untrusted).
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}
