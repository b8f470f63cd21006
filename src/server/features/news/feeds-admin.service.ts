import type { z } from 'zod';
import type { rssFeedInputSchema, rssFeedPatchSchema } from '@/domain/news/news.schema';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { AppError } from '../../lib/app-error';
import { assertPublicUrl } from '../../lib/outbound';
import { toFeedDto } from './news.service';

export const FEED_NOT_FOUND = 'Feed not found';

type FeedInput = z.infer<typeof rssFeedInputSchema>;
type FeedPatch = z.infer<typeof rssFeedPatchSchema>;
export interface FeedAdminContext {
  db: Db;
  env: Pick<Env, 'OUTBOUND_ALLOW_HOSTS' | 'OUTBOUND_ONLY_ALLOWED'>;
}

/**
 * A fetched feed's URL must be public (SSRF rules of the news issue). A CryptoCompare feed's URL is
 * never fetched — only its query (categories=…) is sent to CRYPTOCOMPARE_API_BASE — so it is not resolved.
 */
async function checkUrl(env: FeedAdminContext['env'], url: string, feedType: string): Promise<void> {
  if (feedType === 'cryptocompare') return;
  try {
    await assertPublicUrl(url, {
      allowHosts: env.OUTBOUND_ALLOW_HOSTS,
      onlyAllowHosts: env.OUTBOUND_ONLY_ALLOWED,
    });
  } catch (error) {
    throw new AppError('validation_error', (error as Error).message, [
      { path: 'url', message: (error as Error).message },
    ]);
  }
}

const duplicate = (error: unknown): never => {
  if ((error as { code?: string }).code === '23505')
    throw new AppError('conflict', 'A feed with this URL already exists');
  throw error;
};

/** Every feed, newest first, with its last fetch outcome. */
export async function listFeeds(db: Db) {
  const rows = await db.selectFrom('rss_feeds').selectAll().orderBy('created_at', 'desc').execute();
  return rows.map(toFeedDto);
}

export async function createFeed({ db, env }: FeedAdminContext, input: FeedInput) {
  await checkUrl(env, input.url, input.feedType);
  const row = await db
    .insertInto('rss_feeds')
    .values({
      name: input.name,
      url: input.url,
      description: input.description,
      feed_type: input.feedType,
      category: input.category,
      enabled: input.enabled,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(duplicate);
  return toFeedDto(row);
}

/** Edits a feed; a new URL or type is checked again, and a new URL is fetched afresh (no ETag). */
export async function updateFeed({ db, env }: FeedAdminContext, id: string, patch: FeedPatch) {
  if (patch.url !== undefined || patch.feedType !== undefined) {
    const current = await db
      .selectFrom('rss_feeds')
      .select(['url', 'feed_type'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw new AppError('not_found', FEED_NOT_FOUND);
    await checkUrl(env, patch.url ?? current.url, patch.feedType ?? current.feed_type);
  }
  const row = await db
    .updateTable('rss_feeds')
    .set({
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.url !== undefined && { url: patch.url, etag: null, last_modified: null }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...(patch.feedType !== undefined && { feed_type: patch.feedType }),
      ...(patch.category !== undefined && { category: patch.category }),
      ...(patch.enabled !== undefined && { enabled: patch.enabled }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
    .catch(duplicate);
  if (!row) throw new AppError('not_found', FEED_NOT_FOUND);
  return toFeedDto(row);
}

/** Deletes a feed; its articles stay. */
export async function deleteFeed(db: Db, id: string): Promise<void> {
  const result = await db.deleteFrom('rss_feeds').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('not_found', FEED_NOT_FOUND);
}
