import type { NewsArticle } from '@/domain/news/news.schema';
import { Button } from '@/web/components/ui/button';
import { NewsCard } from './news-card';

/** The cards, and 'Load more articles' while the server has more. */
export function NewsList({
  articles,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  articles: readonly NewsArticle[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}) {
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="news-list">
        {articles.map((article) => (
          <li key={article.id}>
            <NewsCard article={article} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Button variant="outline" className="self-center" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more articles'}
        </Button>
      )}
    </>
  );
}
