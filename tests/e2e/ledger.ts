/**
 * The fake XRP Ledger's HTTP controls (tests/support/fake-upstreams.ts, /control/ledger/*), in the
 * global setup's process: stand an account up, pay, price a token, set its escrows. Returns a
 * payment's hash.
 */
export async function ledger(
  control: 'account' | 'pay' | 'pool' | 'escrows',
  body: object,
): Promise<{ hash?: string }> {
  const response = await fetch(`${process.env.E2E_UPSTREAM_URL}/control/ledger/${control}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control/ledger/${control}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? {} : ((await response.json()) as { hash: string });
}
