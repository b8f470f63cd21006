import {
  RESEARCH_PAGE_SIZE,
  reservedResearchSlugs,
  slugify,
  type ResearchPost,
  type ResearchPostInput,
  type ResearchPostSummary,
} from '@/domain/research/research.schema';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

const NOT_FOUND = 'This research post does not exist.';

function baseQuery(db: Db) {
  return db
    .selectFrom('research_posts as r')
    .leftJoin('profiles as p', 'p.user_id', 'r.author_id')
    .select([
      'r.id',
      'r.slug',
      'r.title',
      'r.summary',
      'r.body',
      'r.published_at',
      'r.updated_at',
      'p.full_name as author',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

const summaryOf = (row: Row): ResearchPostSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  publishedAt: row.published_at?.toISOString() ?? null,
  updatedAt: row.updated_at.toISOString(),
  author: row.author ?? null,
});

/** Published posts newest first; with `drafts` (admins) every post, drafts first. */
export async function listResearch(
  db: Db,
  options: { page: number; drafts: boolean },
): Promise<{ posts: ResearchPostSummary[]; page: number; pageSize: number; total: number }> {
  let count = db.selectFrom('research_posts').select((eb) => eb.fn.countAll<string>().as('total'));
  let query = baseQuery(db);
  if (!options.drafts) {
    count = count.where('published_at', 'is not', null);
    query = query.where('r.published_at', 'is not', null);
  }
  const { total } = await count.executeTakeFirstOrThrow();
  const rows = await query
    .orderBy('r.published_at', (order) => order.desc().nullsFirst())
    .orderBy('r.created_at', 'desc')
    .limit(RESEARCH_PAGE_SIZE)
    .offset((options.page - 1) * RESEARCH_PAGE_SIZE)
    .execute();
  return {
    posts: rows.map(summaryOf),
    page: options.page,
    pageSize: RESEARCH_PAGE_SIZE,
    total: Number(total),
  };
}

/**
 * One post by its slug. Everyone may read the summary of a published post; the body goes to Premium
 * members and admins (`locked` otherwise). Drafts exist only for admins.
 */
export async function getResearchPost(
  db: Db,
  slug: string,
  viewer: { isPremium: boolean; isAdmin: boolean },
): Promise<ResearchPost> {
  const row = await baseQuery(db).where('r.slug', '=', slug).executeTakeFirst();
  if (!row || (!row.published_at && !viewer.isAdmin)) throw new AppError('not_found', NOT_FOUND);
  const full = viewer.isPremium || viewer.isAdmin;
  return { ...summaryOf(row), body: full ? row.body : null, locked: !full };
}

async function freeSlug(db: Db | Transaction<Database>, title: string): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await db
        .selectFrom('research_posts')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base) && !reservedResearchSlugs.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

/** A new post; its slug comes from the title and never changes, so links to it keep working. */
export async function createResearchPost(
  db: Db,
  adminId: string,
  input: ResearchPostInput,
): Promise<ResearchPost> {
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('research_posts')
      .values({
        slug: await freeSlug(trx, input.title),
        title: input.title,
        summary: input.summary,
        body: input.body,
        published_at: input.published ? new Date() : null,
        author_id: adminId,
      })
      .returning(['id', 'slug', 'title', 'published_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'research_post_create',
      newValue: { slug: row.slug, title: row.title, published: row.published_at !== null },
    });
    return row.id;
  });
  return getResearchPostById(db, id);
}

async function getResearchPostById(db: Db, id: string): Promise<ResearchPost> {
  const row = await baseQuery(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return { ...summaryOf(row), body: row.body, locked: false };
}

/**
 * Saves an admin's edit. A post keeps its first publication date when edited; unpublishing makes it
 * a draft again and publishing it later dates it anew.
 */
export async function updateResearchPost(
  db: Db,
  adminId: string,
  id: string,
  input: ResearchPostInput,
): Promise<ResearchPost> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('research_posts')
      .select(['title', 'summary', 'body', 'published_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('not_found', NOT_FOUND);
    const publishedAt = input.published ? (before.published_at ?? new Date()) : null;
    await trx
      .updateTable('research_posts')
      .set({
        title: input.title,
        summary: input.summary,
        body: input.body,
        published_at: publishedAt,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'research_post_update',
      oldValue: { title: before.title, published: before.published_at !== null },
      newValue: {
        title: input.title,
        published: input.published,
        ...(before.summary !== input.summary ? { summaryChanged: true } : {}),
        ...(before.body !== input.body ? { bodyChanged: true } : {}),
      },
    });
  });
  return getResearchPostById(db, id);
}

export async function deleteResearchPost(db: Db, adminId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('research_posts')
      .where('id', '=', id)
      .returning(['slug', 'title'])
      .executeTakeFirst();
    if (!row) throw new AppError('not_found', NOT_FOUND);
    await recordAudit(trx, {
      adminUserId: adminId,
      actionType: 'research_post_delete',
      oldValue: { slug: row.slug, title: row.title },
    });
  });
}
