import {
  communityMessages,
  subjectPath,
  subjectText,
  type CommentSubject,
} from '@/domain/community/community.schema';
import { weekIsShown } from '@/domain/analysis/analysis.schema';
import type { Db, Trx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { firstPriceAt } from '../../shared/price-history';

export interface SubjectInfo {
  subject: CommentSubject;
  title: string;
  path: string;
  /** Research: only those who can read the post may read and join its discussion. */
  premiumOnly: boolean;
}

/** Who is asking, as far as a discussion's access goes. */
export interface Reader {
  isPremium: boolean;
  isAdmin: boolean;
  blocked: boolean;
}

export const canReadPremium = (reader: Reader | null) =>
  Boolean(reader && !reader.blocked && (reader.isPremium || reader.isAdmin));

/**
 * The page a discussion hangs under, or 404 when there is none (an unknown article, a draft for a
 * non-admin, a week without data) and 403 for a research post the reader may not read.
 */
export async function loadSubject(
  db: Db | Trx,
  subject: CommentSubject,
  reader: Reader | null,
): Promise<SubjectInfo> {
  const notFound = () => new AppError('not_found', communityMessages.subjectNotFound);
  switch (subject.type) {
    case 'news': {
      const row = await db
        .selectFrom('news_articles')
        .select('title')
        .where('id', '=', subject.key)
        .executeTakeFirst();
      if (!row) throw notFound();
      return { subject, title: row.title, path: subjectPath(subject), premiumOnly: false };
    }
    case 'research': {
      const row = await db
        .selectFrom('research_posts')
        .select(['title', 'slug', 'published_at'])
        .where('id', '=', subject.key)
        .executeTakeFirst();
      if (!row || (!row.published_at && !reader?.isAdmin)) throw notFound();
      if (!canReadPremium(reader)) throw new AppError('forbidden', communityMessages.premiumResearch);
      return { subject, title: row.title, path: subjectPath(subject, row.slug), premiumOnly: true };
    }
    case 'analysis': {
      if (!weekIsShown(subject.key, await firstPriceAt(db), new Date())) throw notFound();
      return {
        subject,
        title: `Weekly analysis ${subject.key}`,
        path: subjectPath(subject),
        premiumOnly: false,
      };
    }
  }
}

/** `news:<id>`… of a stored comment row. */
export const subjectOfRow = (row: { subject_type: CommentSubject['type']; subject_key: string }) =>
  subjectText({ type: row.subject_type, key: row.subject_key });

/** Titles and paths of many subjects at once (the moderation queue), without access checks. */
export async function describeSubjects(
  db: Db,
  subjects: readonly CommentSubject[],
): Promise<Map<string, { title: string | null; path: string }>> {
  const out = new Map<string, { title: string | null; path: string }>();
  const ids = (type: CommentSubject['type']) => [
    ...new Set(subjects.filter((subject) => subject.type === type).map((subject) => subject.key)),
  ];
  const newsIds = ids('news');
  const researchIds = ids('research');
  const [news, research] = await Promise.all([
    newsIds.length
      ? db.selectFrom('news_articles').select(['id', 'title']).where('id', 'in', newsIds).execute()
      : [],
    researchIds.length
      ? db
          .selectFrom('research_posts')
          .select(['id', 'title', 'slug'])
          .where('id', 'in', researchIds)
          .execute()
      : [],
  ]);
  const newsBy = new Map(news.map((row) => [row.id, row.title]));
  const researchBy = new Map(research.map((row) => [row.id, row]));
  for (const subject of subjects) {
    const key = subjectText(subject);
    if (subject.type === 'news')
      out.set(key, { title: newsBy.get(subject.key) ?? null, path: subjectPath(subject) });
    else if (subject.type === 'research') {
      const row = researchBy.get(subject.key);
      out.set(key, { title: row?.title ?? null, path: subjectPath(subject, row?.slug) });
    } else out.set(key, { title: `Weekly analysis ${subject.key}`, path: subjectPath(subject) });
  }
  return out;
}
