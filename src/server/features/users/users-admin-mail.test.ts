import { describe, expect, it } from 'vitest';
import type { AdminUserUpdate } from '@/domain/admin/admin.schema';
import { useTestAppWithSmtp } from '../../../../tests/support/test-app-with-smtp';

const { app, smtp } = useTestAppWithSmtp();

describe("an admin's change to a member is told to the member", () => {
  it('mails the new plan, the block with its reason, and the unblock', async () => {
    const admin = await app().signedInUser({ role: 'admin' });
    const member = await app().signedInUser();
    const patch = (body: AdminUserUpdate) =>
      app()
        .client(admin.cookie)
        .admin.users[':userId'].$patch({ param: { userId: member.userId }, json: body });

    expect((await patch({ subscriptionPlan: 'complimentary', reason: 'Partner' })).status).toBe(200);
    const plan = await smtp().waitFor(member.email, /Your XRP Research plan is now Complimentary/);
    expect(plan.text).toContain('/membership');

    expect((await patch({ blocked: true, reason: 'Spam in contact form' })).status).toBe(200);
    const blocked = await smtp().waitFor(member.email, /has been blocked/);
    expect(blocked.text).toContain('Reason: Spam in contact form');

    expect((await patch({ blocked: false })).status).toBe(200);
    await smtp().waitFor(member.email, /active again/);

    // A name edit is not mailed.
    expect((await patch({ fullName: 'Renamed Member' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp().mails.filter((mail) => mail.to.includes(member.email.toLowerCase()))).toHaveLength(3);
  });
});
