import { z } from 'zod';
import { NEWS_CATEGORIES } from './categories';
import { limitParamSchema, offsetParamSchema } from '../pagination/pagination.schema';
import { MAX_NEWS_PAGE_SIZE, NEWS_PAGE_SIZE } from './limits';

export { MAX_NEWS_PAGE_SIZE, NEWS_PAGE_SIZE };

/** How much of the plain text the list sends: enough for the 120-character excerpt and a little more. */
export const NEWS_TEXT_PREVIEW = 300;

export const newsCategorySchema = z.enum(NEWS_CATEGORIES);

export const newsArticleSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    /** Plain text, at most NEWS_TEXT_PREVIEW characters (the full sanitised HTML stays on the server). */
    text: z.string(),
    url: z.string(),
    imageUrl: z.string().nullable(),
    sourceName: z.string().nullable(),
    categories: z.array(z.string()),
    publishedAt: z.string(),
    /** False: the feed gave no date (or one in the future); publishedAt is when it was first seen. */
    dated: z.boolean(),
  })
  .meta({ id: 'NewsArticle' });
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** The summary an article's own page (/news/:id) shows: the start of its plain text. */
export const NEWS_SUMMARY_LENGTH = 1500;

export const newsArticlePageSchema = newsArticleSchema
  .extend({
    /** Plain text, at most NEWS_SUMMARY_LENGTH characters; `truncated` when the article goes on. */
    summary: z.string(),
    truncated: z.boolean(),
  })
  .meta({ id: 'NewsArticlePage' });
export type NewsArticlePage = z.infer<typeof newsArticlePageSchema>;

export const newsListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  category: z.union([newsCategorySchema, z.literal('all')]).default('all'),
  limit: limitParamSchema(MAX_NEWS_PAGE_SIZE, NEWS_PAGE_SIZE),
  offset: offsetParamSchema(),
});
export type NewsListQuery = z.infer<typeof newsListQuerySchema>;

export const newsListSchema = z
  .object({ articles: z.array(newsArticleSchema), hasMore: z.boolean() })
  .meta({ id: 'NewsList' });
export type NewsList = z.infer<typeof newsListSchema>;

/** The news sidebar: News Overview and Recent Sources. */
export const newsStatsSchema = z
  .object({
    total: z.number(),
    today: z.number(),
    thisWeek: z.number(),
    recentSources: z.array(z.object({ name: z.string(), count: z.number() })),
  })
  .meta({ id: 'NewsStats' });
export type NewsStats = z.infer<typeof newsStatsSchema>;

export const feedTypeSchema = z.enum(['cryptocompare', 'rss', 'json']);

export const rssFeedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    feedType: feedTypeSchema,
    category: z.string(),
    enabled: z.boolean(),
    createdAt: z.string(),
    lastFetchedAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastItemCount: z.number().nullable(),
  })
  .meta({ id: 'RssFeed' });
export type RssFeedDto = z.infer<typeof rssFeedSchema>;

const feedFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name is at most 200 characters'),
  url: z.url({ protocol: /^https?$/, error: 'Enter an http or https URL' }).max(2000),
  description: z
    .string()
    .trim()
    .max(1000)
    .nullish()
    .transform((value) => value || null),
  /** New feeds default to type cryptocompare and category XRP. */
  feedType: feedTypeSchema,
  category: newsCategorySchema,
  enabled: z.boolean(),
};

export const rssFeedInputSchema = z
  .object({
    ...feedFields,
    feedType: feedFields.feedType.default('cryptocompare'),
    category: feedFields.category.default('XRP'),
    enabled: feedFields.enabled.default(true),
  })
  .meta({ id: 'RssFeedInput' });
export type RssFeedInput = z.infer<typeof rssFeedInputSchema>;

export const rssFeedPatchSchema = z.object(feedFields).partial().meta({ id: 'RssFeedPatch' });
export type RssFeedPatch = z.infer<typeof rssFeedPatchSchema>;
