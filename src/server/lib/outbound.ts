import dns from 'node:dns';
import type net from 'node:net';
import ipaddr from 'ipaddr.js';
import type * as Undici from 'undici';
import type { Agent, Response } from 'undici';
import type { z } from 'zod';

/**
 * The one way the server calls other services: a timeout, retries with backoff that honour 429
 * Retry-After, a size cap, zod validation, and an SSRF guard that refuses private, loopback and
 * link-local targets — checked on the address actually connected to, so DNS tricks and redirects
 * cannot reach the inside. Hosts in OUTBOUND_ALLOW_HOSTS (tests: 127.0.0.1) are exempt.
 */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface OutboundOptions {
  allowHosts: readonly string[];
  /** Refuse every host not in allowHosts (tests: nothing leaves 127.0.0.1). */
  onlyAllowHosts?: boolean;
  timeoutMs?: number;
  retries?: number;
  maxBytes?: number;
  /** The longest Retry-After we are willing to wait, in seconds; longer fails now and the next run retries. */
  maxRetryAfterSeconds?: number;
  backoffMs?: number;
  headers?: Record<string, string>;
}

const defaults = {
  timeoutMs: 10_000,
  retries: 2,
  maxBytes: 5 * 1024 * 1024,
  maxRetryAfterSeconds: 30,
  backoffMs: 500,
};

export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

function guardedLookup(allowHosts: ReadonlySet<string>): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const exempt = allowHosts.has(hostname);
      const refused = list.find((entry) => !exempt && !isPublicAddress(entry.address));
      if (refused) {
        return callback(
          new UpstreamError(`Refusing to connect to ${hostname} (${refused.address}): not a public address`),
          '',
          4,
        );
      }
      const first = list[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, first.address, first.family);
    });
  };
}

let undici: Promise<typeof Undici> | undefined;
/**
 * undici (its fetch with an Agent whose lookup is guarded), loaded at the first outbound request: a
 * web process may make none, and it costs ~10 MB at start (ADR 0056).
 */
const loadUndici = () => (undici ??= import('undici'));

const agents = new Map<string, Agent>();
async function agentFor(allowHosts: readonly string[]): Promise<Agent> {
  const key = [...allowHosts].sort().join(',');
  let agent = agents.get(key);
  if (!agent) {
    const { Agent } = await loadUndici();
    agent = agents.get(key) ?? new Agent({ connect: { lookup: guardedLookup(new Set(allowHosts)) } });
    agents.set(key, agent);
  }
  return agent;
}

/** A literal IP in the URL never goes through DNS, so it is checked here too. */
function assertTargetAllowed(url: URL, allowHosts: readonly string[], onlyAllowHosts = false): void {
  if (!['http:', 'https:'].includes(url.protocol)) throw new UpstreamError(`Refusing ${url.protocol} URL`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowHosts.includes(host)) return;
  if (onlyAllowHosts)
    throw new UpstreamError(
      `Refusing to connect to ${host}: outbound access is limited to OUTBOUND_ALLOW_HOSTS`,
    );
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    throw new UpstreamError(`Refusing to connect to ${host}: not a public address`);
  if (host === 'localhost' || host.endsWith('.localhost'))
    throw new UpstreamError(`Refusing to connect to ${host}`);
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new UpstreamError(`Response too large (${declared} bytes, limit ${maxBytes})`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += (chunk as Uint8Array).byteLength;
    if (size > maxBytes) throw new UpstreamError(`Response too large (over ${maxBytes} bytes)`);
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

function retryAfterSeconds(response: Response): number | null {
  const header = response.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, (date - Date.now()) / 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface FetchedDocument {
  /** The URL that answered, after redirects (relative links in the body resolve against it). */
  url: string;
  /** 304 to a conditional request: the caller's copy is current and there is no body. */
  notModified: boolean;
  body: Buffer;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
}

export interface ConditionalOptions {
  etag?: string | null;
  lastModified?: string | null;
}

/**
 * GETs a URL (following up to 3 redirects, each checked) and returns its bytes and caching headers.
 * With an ETag or Last-Modified from an earlier fetch, an unchanged document costs one 304.
 */
export async function fetchDocument(
  rawUrl: string,
  options: OutboundOptions & ConditionalOptions,
): Promise<FetchedDocument> {
  const settings = { ...defaults, ...options };
  const conditional: Record<string, string> = {};
  if (options.etag) conditional['if-none-match'] = options.etag;
  if (options.lastModified) conditional['if-modified-since'] = options.lastModified;
  let lastError: Error = new UpstreamError('No attempt made');
  for (let attempt = 0; attempt <= settings.retries; attempt += 1) {
    try {
      let url = new URL(rawUrl);
      for (let hop = 0; ; hop += 1) {
        assertTargetAllowed(url, settings.allowHosts, settings.onlyAllowHosts);
        const { fetch } = await loadUndici();
        const response = await fetch(url, {
          headers: {
            accept: 'application/json, text/xml;q=0.9, */*;q=0.8',
            'user-agent': 'xrp-research/1.0',
            ...settings.headers,
            ...conditional,
          },
          redirect: 'manual',
          signal: AbortSignal.timeout(settings.timeoutMs),
          dispatcher: await agentFor(settings.allowHosts),
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          await response.body?.cancel();
          if (hop >= 3) throw new UpstreamError('Too many redirects');
          url = new URL(location, url);
          continue;
        }
        if (response.status === 429) {
          const wait = retryAfterSeconds(response) ?? (settings.backoffMs * 2 ** attempt) / 1000;
          await response.body?.cancel();
          lastError = new UpstreamError(
            `Rate limited by ${url.host} (429, retry after ${Math.ceil(wait)} s)`,
            429,
          );
          if (wait > settings.maxRetryAfterSeconds || attempt === settings.retries) throw lastError;
          await sleep(wait * 1000);
          break;
        }
        if (response.status >= 500) {
          await response.body?.cancel();
          throw new UpstreamError(`${url.host} answered ${response.status}`, response.status);
        }
        if (!response.ok && response.status !== 304) {
          await response.body?.cancel();
          // A 4xx other than 429 will not get better by asking again.
          throw Object.assign(new UpstreamError(`${url.host} answered ${response.status}`, response.status), {
            final: true,
          });
        }
        const notModified = response.status === 304;
        if (notModified) await response.body?.cancel();
        return {
          url: url.toString(),
          notModified,
          body: notModified ? Buffer.alloc(0) : await readCapped(response, settings.maxBytes),
          contentType: response.headers.get('content-type'),
          etag: response.headers.get('etag'),
          lastModified: response.headers.get('last-modified'),
        };
      }
    } catch (error) {
      lastError = error instanceof Error ? error : new Error(String(error));
      if (lastError.name === 'TimeoutError')
        lastError = new UpstreamError(`Timed out after ${settings.timeoutMs} ms`);
      const final =
        (lastError as { final?: boolean }).final ||
        (lastError instanceof UpstreamError && lastError.status === 429);
      if (
        final ||
        attempt === settings.retries ||
        lastError.message.startsWith('Refusing') ||
        lastError.message.startsWith('Response too large')
      ) {
        throw lastError;
      }
      await sleep(settings.backoffMs * 2 ** attempt * (0.75 + Math.random() / 2));
    }
  }
  throw lastError;
}

/** GETs a URL (following up to 3 redirects, each checked) and returns its body as UTF-8 text. */
export async function fetchText(rawUrl: string, options: OutboundOptions): Promise<string> {
  return (await fetchDocument(rawUrl, options)).body.toString('utf8');
}

/** fetchText, parsed as JSON and validated; the error names the first field that does not fit. */
export async function fetchJson<S extends z.ZodType>(
  url: string,
  schema: S,
  options: OutboundOptions,
): Promise<z.infer<S>> {
  const text = await fetchText(url, options);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UpstreamError(`${new URL(url).host} sent a response that is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UpstreamError(
      `${new URL(url).host} sent an unexpected response: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

/**
 * The SSRF rules applied when a URL is saved (an admin's feed), before anything is fetched: http(s)
 * only, and every address the host resolves to must be public. Fetching checks again on connect and
 * on every redirect, since DNS can change between now and then.
 */
export async function assertPublicUrl(
  rawUrl: string,
  options: Pick<OutboundOptions, 'allowHosts' | 'onlyAllowHosts'>,
): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UpstreamError('Not a valid URL');
  }
  assertTargetAllowed(url, options.allowHosts, options.onlyAllowHosts);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.allowHosts.includes(host) || ipaddr.isValid(host)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new UpstreamError(`Cannot resolve ${host}`);
  }
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new UpstreamError(`Refusing ${host} (${refused.address}): not a public address`);
}

export interface OutboundRequest {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/**
 * One request through the SSRF guard (checked on the address connected to), with a timeout, no retry
 * and no redirect followed: for deliveries whose caller decides from the status alone (web push).
 */
export async function sendRequest(
  rawUrl: string,
  request: OutboundRequest,
  options: Pick<OutboundOptions, 'allowHosts' | 'onlyAllowHosts' | 'timeoutMs'>,
): Promise<number> {
  const url = new URL(rawUrl);
  assertTargetAllowed(url, options.allowHosts, options.onlyAllowHosts);
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  try {
    const { fetch } = await loadUndici();
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      dispatcher: await agentFor(options.allowHosts),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new UpstreamError(`Timed out after ${timeoutMs} ms`);
    throw error;
  }
}
