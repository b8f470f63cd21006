import { useDeferredValue } from 'react';
import type { NewsArticle } from '@/domain/news/news.schema';
import { Button } from '@/web/components/ui/button';
import { NewsCard } from './news-card';

/** More than a screenful of cards on a phone or a desktop. */
const FIRST_CARDS = 8;

/** The cards, and 'Load more articles' while the server has more. */
export function NewsList({
  articles,
  hasMore,
  loadingMore,
  onLoadMore,
  commentCounts = {},
}: {
  articles: readonly NewsArticle[];
  /** By discussion (`news:<id>`). */
  commentCounts?: Record<string, number>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}) {
  // The first screenful renders at once; the cards after it in a pass React can interrupt, so fifty
  // cards arriving are not one long task (ADR 0027). A longer list catches up the same way.
  const first = Math.min(articles.length, FIRST_CARDS);
  const deferredCount = useDeferredValue(articles.length, first);
  const shown = articles.slice(0, Math.max(first, deferredCount));
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="news-list">
        {shown.map((article) => (
          <li key={article.id}>
            <NewsCard article={article} commentCount={commentCounts[`news:${article.id}`]} />
          </li>
        ))}
      </ul>
      {hasMore && shown.length === articles.length && (
        <Button variant="outline" className="self-center" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more articles'}
        </Button>
      )}
    </>
  );
}
