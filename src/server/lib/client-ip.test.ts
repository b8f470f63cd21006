import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { clientIp } from './client-ip';

/** The address clientIp gives a request from `peer` (the socket) carrying `forwarded` as X-Forwarded-For. */
async function addressOf(trustProxy: string | undefined, peer: string | undefined, forwarded?: string) {
  const parsed = parseEnv({ TRUST_PROXY: trustProxy });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const app = new Hono().get('/', (c) => c.text(clientIp(c, parsed.env.TRUST_PROXY)));
  const headers = forwarded === undefined ? undefined : { 'x-forwarded-for': forwarded };
  const bindings = peer === undefined ? {} : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, bindings)).text();
}

describe('clientIp', () => {
  it('trusts no header by default: the socket peer is the client', async () => {
    expect(await addressOf(undefined, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await addressOf('false', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    expect(await addressOf('0', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
  });

  it('with one trusted proxy (true or 1), ignores the entries the client wrote itself on the left', async () => {
    // The client sent "X-Forwarded-For: 1.1.1.1"; our proxy (10.0.0.2) appended the address it saw.
    for (const setting of ['true', '1'])
      expect(await addressOf(setting, '10.0.0.2', '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
    // A new made-up left-hand entry on every request gives the same address each time.
    const seen = new Set<string>();
    for (let index = 0; index < 5; index += 1)
      seen.add(await addressOf('true', '10.0.0.2', `192.0.2.${index}, 203.0.113.9`));
    expect([...seen]).toEqual(['203.0.113.9']);
  });

  it('counts hops from the right, the socket peer being the first', async () => {
    // client → CDN (appends client) → balancer (appends CDN) → us
    const header = '6.6.6.6, 203.0.113.9, 198.51.100.50';
    expect(await addressOf('2', '10.0.0.2', header)).toBe('203.0.113.9');
    expect(await addressOf('1', '10.0.0.2', header)).toBe('198.51.100.50');
    // More hops than the request passed through: the left-most address there is.
    expect(await addressOf('5', '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    // A trusted hop count but no header: the peer.
    expect(await addressOf('1', '198.51.100.7')).toBe('198.51.100.7');
  });

  it('with a list of proxy addresses and CIDR ranges, skips only the hops from those addresses', async () => {
    const proxies = '10.0.0.0/8, 192.168.1.10, 2001:db8::/32';
    expect(await addressOf(proxies, '10.0.0.2', '6.6.6.6, 203.0.113.9, 192.168.1.10')).toBe('203.0.113.9');
    expect(await addressOf(proxies, '2001:db8::1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // An IPv4 peer as a dual-stack socket reports it.
    expect(await addressOf(proxies, '::ffff:10.1.2.3', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    // A hop not in the list ends the walk, even when a listed address stands left of it.
    expect(await addressOf(proxies, '10.0.0.2', '203.0.113.9, 10.9.9.9, 198.51.100.77')).toBe(
      '198.51.100.77',
    );
  });

  it('ignores the header when the peer is not a trusted proxy', async () => {
    expect(await addressOf('10.0.0.0/8', '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    // In-process requests have no socket: nothing to trust the header on.
    expect(await addressOf('10.0.0.0/8', undefined, '203.0.113.9')).toBe('unknown');
  });

  it('refuses a TRUST_PROXY that is neither a flag, a count nor addresses', () => {
    for (const value of ['maybe', '10.0.0.0/8, proxy.example.com', '10.0.0.0/33', '-1']) {
      const result = parseEnv({ TRUST_PROXY: value });
      expect(result.ok, value).toBe(false);
      if (!result.ok) expect(result.errors[0]).toMatch(/^TRUST_PROXY must be false, true \(one proxy\)/);
    }
  });
});
