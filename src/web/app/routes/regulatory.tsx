import { pageHeadings } from '@/domain/routing/page-headings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { DominoTracker } from '@/web/features/market/components/domino-tracker';
import { newsListQuery } from '@/web/features/news/api/news';
import { NewsList } from '@/web/features/news/components/news-list';
// The counts' own module: the feature's index also brings the discussion, its forms and zod.
import { useCommentCountPages } from '@/web/features/community/components/comment-count';
import { PageHeading } from './page-heading';

/** /regulatory (public): the REGULATION category of the news, and the institutional events tracker. */
export function Component() {
  const news = useInfiniteQuery(newsListQuery('', 'REGULATION'));
  const articles = news.data?.pages.flatMap((page) => page.articles) ?? [];
  const commentCounts = useCommentCountPages(
    news.data?.pages.map((page) => page.articles.map((article) => `news:${article.id}`)) ?? [],
  );
  return (
    <div className="flex flex-col gap-8">
      <PageHeading title={pageHeadings.regulatory.title}>{pageHeadings.regulatory.description}</PageHeading>
      <section aria-labelledby="regulation-news" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="regulation-news" className="text-xl font-semibold">
            Regulation news
          </h2>
          <Button asChild variant="link">
            <Link to="/news?category=REGULATION">All news</Link>
          </Button>
        </div>
        {news.isPending ? (
          <Spinner label="Loading latest XRP news..." />
        ) : news.isError ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
              <p className="font-medium">Failed to fetch news articles</p>
              <Button variant="outline" onClick={() => void news.refetch()}>
                Try Again
              </Button>
            </CardContent>
          </Card>
        ) : articles.length === 0 ? (
          <Card>
            <CardContent className="pt-6 text-center font-medium">
              No regulatory news at the moment
            </CardContent>
          </Card>
        ) : (
          <NewsList
            articles={articles}
            hasMore={news.hasNextPage}
            loadingMore={news.isFetchingNextPage}
            onLoadMore={() => void news.fetchNextPage()}
            commentCounts={commentCounts}
          />
        )}
      </section>
      <DominoTracker />
    </div>
  );
}
