import { z } from 'zod';

export const RESEARCH_PAGE_SIZE = 10;
export const RESEARCH_BODY_MAX = 100_000;

/** What an admin writes: the body is Markdown (rendered without raw HTML). */
export const researchPostInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, 'Please enter a title of at least 3 characters')
      .max(200, 'Please keep the title under 200 characters'),
    summary: z
      .string()
      .trim()
      .min(10, 'Please write a summary of at least 10 characters')
      .max(1000, 'Please keep the summary under 1000 characters'),
    body: z
      .string()
      .trim()
      .min(1, 'Please write the post')
      .max(RESEARCH_BODY_MAX, `Please keep the post under ${RESEARCH_BODY_MAX} characters`),
    published: z.boolean(),
  })
  .meta({ id: 'ResearchPostInput' });
export type ResearchPostInput = z.infer<typeof researchPostInputSchema>;

export const researchPostSummarySchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    /** Null for a draft (only admins see drafts). */
    publishedAt: z.string().nullable(),
    updatedAt: z.string(),
    author: z.string().nullable(),
  })
  .meta({ id: 'ResearchPostSummary' });
export type ResearchPostSummary = z.infer<typeof researchPostSummarySchema>;

export const researchPostSchema = researchPostSummarySchema
  .extend({
    /** The Markdown body; null when the viewer is not Premium (the post is then `locked`). */
    body: z.string().nullable(),
    locked: z.boolean(),
  })
  .meta({ id: 'ResearchPost' });
export type ResearchPost = z.infer<typeof researchPostSchema>;

export const researchListSchema = z
  .object({
    posts: z.array(researchPostSummarySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'ResearchList' });

/** A URL slug from a title: lower-case ASCII words joined by '-', at most 80 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}

/** Slugs that would shadow a page under /research. */
export const reservedResearchSlugs: ReadonlySet<string> = new Set(['new']);
