import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slugify, type ResearchPost, type ResearchPostSummary } from '@/domain/research/research.schema';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedInUser({ role: 'admin', name: 'Rita Analyst' });
});
afterAll(async () => app?.close());

type ErrorBody = { error: { code: string; message: string } };
type PostList = { posts: ResearchPostSummary[] };
const research = (cookie?: string) => app.client(cookie).admin.research;
const post = {
  title: 'Escrow releases and what they mean',
  summary: 'Every month one billion XRP leaves escrow; most goes back. We read the last year.',
  body: '## The pattern\n\nMost of each release is locked again.\n\n<script>alert(1)</script>',
  published: true,
};
async function write(input: Partial<typeof post> = {}) {
  const response = await research(admin.cookie).$post({ json: { ...post, ...input } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; slug: string; publishedAt: string | null };
}
const read = (slug: string, cookie?: string) =>
  app.client(cookie).research[':slug'].$get({ param: { slug } });
const publicList = () => app.client().research.$get({ query: {} });

describe('slugify', () => {
  it('makes lower-case ASCII words joined by single dashes, never empty', () => {
    expect(slugify('Escrow: Q3 — Ripple’s Report!')).toBe('escrow-q3-ripple-s-report');
    expect(slugify('Économie du XRP')).toBe('economie-du-xrp');
    expect(slugify('???')).toBe('post');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (title) => {
        expect(slugify(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slugify(title).length).toBeLessThanOrEqual(80);
      }),
    );
  });
});

describe('research posts', () => {
  it('shows visitors and free members the summary, Premium members and admins the full post', async () => {
    const { slug } = await write();
    const free = await app.signedInUser();
    const premium = await app.signedInUser({ plan: 'premium' });
    for (const cookie of [undefined, free.cookie]) {
      const response = await read(slug, cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        title: post.title,
        summary: post.summary,
        body: null,
        locked: true,
        author: 'Rita Analyst',
      });
    }
    for (const cookie of [premium.cookie, admin.cookie])
      expect(await (await read(slug, cookie)).json()).toMatchObject({ body: post.body, locked: false });
    const list = (await (await publicList()).json()) as PostList;
    expect(list.posts[0]).toMatchObject({ slug, title: post.title, summary: post.summary });
    expect(list.posts[0]).not.toHaveProperty('body');
  });

  it('keeps drafts to admins, and dates a post when it is first published', async () => {
    const draft = await write({ title: 'Draft on ODL corridors', published: false });
    expect(draft.publishedAt).toBeNull();
    const premium = await app.signedInUser({ plan: 'premium' });
    expect((await read(draft.slug, premium.cookie)).status).toBe(404);
    expect((await publicList()).ok).toBe(true);
    const listed = (await (await publicList()).json()) as PostList;
    expect(listed.posts.map((p: { slug: string }) => p.slug)).not.toContain(draft.slug);
    const adminList = (await (await research(admin.cookie).$get({ query: {} })).json()) as PostList;
    expect(adminList.posts[0]?.slug).toBe(draft.slug);

    const published = await research(admin.cookie)[':id'].$put({
      param: { id: draft.id },
      json: { ...post, title: 'ODL corridors in 2026', published: true },
    });
    const saved = (await published.json()) as ResearchPost;
    expect(saved).toMatchObject({ slug: draft.slug, title: 'ODL corridors in 2026' });
    expect(saved.publishedAt).not.toBeNull();
    const edited = (await (
      await research(admin.cookie)[':id'].$put({
        param: { id: draft.id },
        json: { ...post, published: true },
      })
    ).json()) as ResearchPost;
    expect(edited.publishedAt).toBe(saved.publishedAt);
    expect((await read(draft.slug, premium.cookie)).status).toBe(200);
  });

  it('gives two posts of the same title their own addresses; never "new"', async () => {
    const first = await write({ title: 'Same title' });
    const second = await write({ title: 'Same title' });
    expect([first.slug, second.slug]).toEqual(['same-title', 'same-title-2']);
    expect((await write({ title: 'New' })).slug).toBe('new-2');
  });

  it('records every change in the audit log and deletes for good', async () => {
    const { id, slug } = await write({ title: 'To be removed' });
    expect((await research(admin.cookie)[':id'].$delete({ param: { id } })).status).toBe(204);
    expect((await read(slug, admin.cookie)).status).toBe(404);
    expect((await research(admin.cookie)[':id'].$delete({ param: { id } })).status).toBe(404);
    const audit = await app.handle.db
      .selectFrom('admin_audit_logs')
      .select('action_type')
      .where('admin_user_id', '=', admin.userId)
      .where('action_type', 'in', ['research_post_create', 'research_post_update', 'research_post_delete'])
      .execute();
    expect(new Set(audit.map((row) => row.action_type))).toEqual(
      new Set(['research_post_create', 'research_post_update', 'research_post_delete']),
    );
  });

  it('refuses members who are not admins and bad input, changing nothing', async () => {
    const premium = await app.signedInUser({ plan: 'premium' });
    const before = (await app.handle.db.selectFrom('research_posts').select('id').execute()).length;
    expect((await research(premium.cookie).$post({ json: post })).status).toBe(403);
    expect((await research().$post({ json: post })).status).toBe(401);
    const invalid = await research(admin.cookie).$post({ json: { ...post, summary: 'short' } });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as ErrorBody).error.message).toBe(
      'summary: Please write a summary of at least 10 characters',
    );
    expect((await app.handle.db.selectFrom('research_posts').select('id').execute()).length).toBe(before);
  });
});
