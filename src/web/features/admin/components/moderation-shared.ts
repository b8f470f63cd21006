import type { CommentSubjectType, ModerationItem } from '@/domain/community/community.schema';

export type KindFilter = 'all' | CommentSubjectType;

export const kindLabels: Record<KindFilter, string> = {
  all: 'All',
  news: 'News',
  research: 'Research',
  analysis: 'Weekly analysis',
};

export type Author = NonNullable<ModerationItem['author']>;

export const authorName = (author: Author) => author.displayName ?? author.email;

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
