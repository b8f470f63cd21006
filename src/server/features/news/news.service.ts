import { sql, type Selectable } from 'kysely';
import {
  NEWS_SUMMARY_LENGTH,
  NEWS_TEXT_PREVIEW,
  type NewsArticle,
  type NewsArticlePage,
  type NewsList,
  type NewsListQuery,
  type NewsStats,
  type RssFeedDto,
} from '@/domain/news/news.schema';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { JobControl } from '../../lib/job-control';
import type { RssFeedsTable } from '../../db/schema';

/** Terms shorter than this are matched as substrings; longer ones use the full-text index. */
export const FULL_TEXT_MIN_LENGTH = 3;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Whether Postgres makes a usable full-text query of the term (stop words alone make none). */
async function hasLexemes(db: Db, term: string): Promise<boolean> {
  const { rows } = await sql<{ nodes: number }>`
    SELECT numnode(websearch_to_tsquery('english', ${term})) AS nodes
  `.execute(db);
  return (rows[0]?.nodes ?? 0) > 0;
}

/** How many of the newest articles the fast path of a full-text search reads before it gives up. */
const RECENT_WINDOW = 20_000;

type ArticleRow = {
  id: string;
  title: string;
  text: string;
  url: string;
  image_url: string | null;
  source_name: string | null;
  categories: string[];
  published_at: Date;
  dated: boolean;
};

const toArticle = (row: ArticleRow): NewsArticle => ({
  id: row.id,
  title: row.title,
  text: row.text,
  url: row.url,
  imageUrl: row.image_url,
  sourceName: row.source_name,
  categories: row.categories,
  publishedAt: row.published_at.toISOString(),
  dated: row.dated,
});

/**
 * The news list, searched (title or text) and filtered (category): newest first, `limit` per page.
 * A search of 3 or more characters uses the GIN full-text index over title and text (stemmed:
 * "regulators" finds "regulation"); a shorter one, or one of stop words only, is a case-insensitive
 * substring match.
 *
 * Newest-first plus a full-text match is two plans in one: a common word is found at once by walking
 * the date index, a rare one only through the GIN index, and PostgreSQL cannot tell them apart (it
 * guesses 0.5 % for any word it has no statistics for). So the newest RECENT_WINDOW articles are
 * searched first; when they hold too few matches for the page, the word is rare and the GIN index
 * finds all its matches cheaply (docs/decisions/0017-news-search.md).
 */
export async function listNews(
  db: Db,
  query: NewsListQuery,
  options: { recentWindow?: number } = {},
): Promise<NewsList> {
  const term = query.q?.trim();
  const wanted = query.offset + query.limit + 1;
  const category = query.category === 'all' ? sql`true` : sql`categories @> ARRAY[${query.category}]::text[]`;
  const columns = sql`id, title, left(body_text, ${NEWS_TEXT_PREVIEW}) AS text, url, image_url, source_name, categories, published_at, dated`;
  let rows: ArticleRow[];
  if (term && term.length >= FULL_TEXT_MIN_LENGTH && (await hasLexemes(db, term))) {
    const match = sql`search @@ websearch_to_tsquery('english', ${term})`;
    const window = options.recentWindow ?? Math.max(RECENT_WINDOW, wanted * 20);
    const recent = await sql<ArticleRow>`
      SELECT ${columns} FROM (
        SELECT * FROM news_articles ORDER BY published_at DESC, id DESC LIMIT ${window}
      ) AS recent
      WHERE ${match} AND ${category}
      ORDER BY published_at DESC, id DESC
      LIMIT ${query.limit + 1} OFFSET ${query.offset}
    `.execute(db);
    if (recent.rows.length > query.limit) rows = recent.rows;
    else
      rows = (
        await sql<ArticleRow>`
          WITH matches AS MATERIALIZED (SELECT id FROM news_articles WHERE ${match})
          SELECT ${columns} FROM news_articles
          WHERE id IN (SELECT id FROM matches) AND ${category}
          ORDER BY published_at DESC, id DESC
          LIMIT ${query.limit + 1} OFFSET ${query.offset}
        `.execute(db)
      ).rows;
  } else {
    const like = term ? `%${escapeLike(term)}%` : null;
    rows = (
      await sql<ArticleRow>`
        SELECT ${columns} FROM news_articles
        WHERE ${like === null ? sql`true` : sql`(title ILIKE ${like} OR body_text ILIKE ${like})`} AND ${category}
        ORDER BY published_at DESC, id DESC
        LIMIT ${query.limit + 1} OFFSET ${query.offset}
      `.execute(db)
    ).rows;
  }
  return { articles: rows.slice(0, query.limit).map(toArticle), hasMore: rows.length > query.limit };
}

/** One article for its own page (/news/:id): the card's fields and a longer summary. */
export async function getArticle(db: Db, id: string): Promise<NewsArticlePage> {
  const result = await sql<ArticleRow & { summary: string; length: number }>`
    SELECT id, title, left(body_text, ${NEWS_TEXT_PREVIEW}) AS text, url, image_url, source_name, categories,
      published_at, dated, left(body_text, ${NEWS_SUMMARY_LENGTH}) AS summary, length(body_text) AS length
    FROM news_articles WHERE id = ${id}`.execute(db);
  const row = result.rows[0];
  if (!row) throw new AppError('not_found', 'This article does not exist (or no longer does).');
  return { ...toArticle(row), summary: row.summary, truncated: row.length > NEWS_SUMMARY_LENGTH };
}

/**
 * The news sidebar. Today is the last 24 hours and This Week the last 7 days (the reader's clock,
 * not the server's calendar day); Recent Sources counts the sources of the latest 10 articles, top 5.
 */
export async function newsStats(db: Db): Promise<NewsStats> {
  const counts = await db
    .selectFrom('news_articles')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) FILTER (WHERE published_at >= now() - interval '24 hours')`.as('today'),
      sql<string>`count(*) FILTER (WHERE published_at >= now() - interval '7 days')`.as('week'),
    ])
    .executeTakeFirstOrThrow();
  const latest = await db
    .selectFrom('news_articles')
    .select('source_name')
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
  const bySource = new Map<string, number>();
  for (const { source_name } of latest) {
    const name = source_name || 'Unknown Source';
    bySource.set(name, (bySource.get(name) ?? 0) + 1);
  }
  return {
    total: Number(counts.total),
    today: Number(counts.today),
    thisWeek: Number(counts.week),
    recentSources: [...bySource]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 5),
  };
}

export function toFeedDto(row: Selectable<RssFeedsTable>): RssFeedDto {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    description: row.description,
    feedType: row.feed_type,
    category: row.category,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    lastFetchedAt: row.last_fetched_at?.toISOString() ?? null,
    lastError: row.last_error,
    lastItemCount: row.last_item_count,
  };
}

/** The news source, for a member's refresh: refused while an administrator has switched it off. */
export async function activeNewsSourceId(db: Db): Promise<string> {
  const source = await db
    .selectFrom('api_sources')
    .select(['id', 'status'])
    .where('api_type', '=', 'news')
    .executeTakeFirst();
  if (!source || source.status === 'inactive')
    throw new AppError('conflict', 'News syncing is switched off by an administrator');
  return source.id;
}

/**
 * A member's news refresh: reads every feed now. Refused (409) while another run holds the source
 * or an administrator switched it off; 502 when every feed failed.
 */
export async function refreshNews(
  db: Db,
  jobs: Pick<JobControl, 'runSource'>,
): Promise<{ newArticles: number; details: string | null }> {
  const outcome = await jobs.runSource(await activeNewsSourceId(db));
  if (outcome.status === 'skipped')
    throw new AppError('conflict', 'The news is being refreshed right now; it will appear in a moment');
  if (outcome.status === 'error')
    throw new AppError('upstream_error', outcome.log.error_message ?? 'Every feed failed');
  return { newArticles: outcome.log.records_processed, details: outcome.log.details ?? null };
}
