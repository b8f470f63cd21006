import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

/** What the shared query client does when the server refuses a read. */
describe('createQueryClient', () => {
  it('reads the session again after a 403 on another query (the plan changed meanwhile)', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['session'], queryFn: () => 'premium' });
    const session = client.getQueryCache().find({ queryKey: ['session'] })!;
    expect(session.state.isInvalidated).toBe(false);
    await expect(
      client.fetchQuery({
        queryKey: ['whales', 'entities'],
        queryFn: () => Promise.reject(new ApiError(403, 'forbidden', 'This feature requires Premium.')),
      }),
    ).rejects.toThrow('requires Premium');
    expect(session.state.isInvalidated).toBe(true);
  });

  it('does not re-read the session when the session read itself is refused, nor after other errors', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['subscription', 'u1'], queryFn: () => 'free' });
    await expect(
      client.fetchQuery({
        queryKey: ['session'],
        queryFn: () => Promise.reject(new ApiError(403, 'forbidden', 'Your account has been blocked.')),
      }),
    ).rejects.toThrow('blocked');
    await expect(
      client.fetchQuery({
        queryKey: ['news'],
        queryFn: () => Promise.reject(new ApiError(404, 'not_found', 'No such article.')),
      }),
    ).rejects.toThrow('No such article');
    expect(client.getQueryCache().find({ queryKey: ['subscription', 'u1'] })!.state.isInvalidated).toBe(
      false,
    );
  });
});
