import { pageHeadings } from '@/domain/routing/page-headings';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useDeferredValue, useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { NEWS_CATEGORIES } from '@/domain/news/categories';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Input, Label } from '@/web/components/ui/input';
import { Select } from '@/web/components/ui/select';
import { Spinner } from '@/web/components/ui/spinner';
import { newsListQuery, useRefreshNews, type NewsCategoryFilter } from '@/web/features/news/api/news';
import { NewsList } from '@/web/features/news/components/news-list';
import { NewsSidebar } from '@/web/features/news/components/news-sidebar';
// The counts' own module: the feature's index also brings the discussion, its forms and zod.
import { useCommentCountPages } from '@/web/features/community/components/comment-count';
import { PageHeading } from './page-heading';

const SEARCH_DELAY_MS = 300;

function readCategory(value: string | null): NewsCategoryFilter {
  return value && (NEWS_CATEGORIES as readonly string[]).includes(value)
    ? (value as NewsCategoryFilter)
    : 'all';
}

/**
 * The news page. The search and category live in the URL (?q=…&category=…), so a filtered list can be
 * shared and the back button steps through earlier searches.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const category = readCategory(params.get('category'));
  const [draft, setDraft] = useState(q);

  // The URL wins when it changes from outside (back button, a shared link).
  const [syncedQ, setSyncedQ] = useState(q);
  if (syncedQ !== q) {
    setSyncedQ(q);
    setDraft(q);
  }

  const update = (next: { q?: string; category?: NewsCategoryFilter }) => {
    const merged = new URLSearchParams(params);
    const nextQ = next.q ?? q;
    const nextCategory = next.category ?? category;
    if (nextQ) merged.set('q', nextQ);
    else merged.delete('q');
    if (nextCategory !== 'all') merged.set('category', nextCategory);
    else merged.delete('category');
    setParams(merged);
  };

  // Reads the current address when the typing pauses; only the draft starts the wait.
  const searchFor = useEffectEvent((trimmed: string) => {
    if (trimmed !== q) update({ q: trimmed });
  });
  useEffect(() => {
    const timer = setTimeout(() => searchFor(draft.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const news = useInfiniteQuery(newsListQuery(q, category));
  const refresh = useRefreshNews();
  const filtering = Boolean(q) || category !== 'all';

  useEffect(() => {
    if (news.isError) toast.error('Error', { description: 'Failed to fetch news articles' });
  }, [news.isError]);

  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success('Success', { description: 'News articles refreshed successfully' }),
      onError: (error) =>
        toast.error('Error', { description: `Failed to refresh news. ${error.message}`.trim() }),
    });

  // The list draws from a copy of the answer that React renders in a pass it can interrupt. A query's
  // answer is otherwise rendered at once, in one task: the first eight cards held a phone's main
  // thread for about 120 ms (ADR 0061). The spinner stays until that pass has run.
  const listed = useDeferredValue(news.data);
  const articles = listed?.pages.flatMap((page) => page.articles) ?? [];
  // The cards' comment counts: one request per page of 50 articles.
  const commentCounts = useCommentCountPages(
    listed?.pages.map((page) => page.articles.map((article) => `news:${article.id}`)) ?? [],
  );

  return (
    <div>
      <PageHeading title={pageHeadings.news.title}>{pageHeadings.news.description}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <section className="flex min-w-0 flex-col gap-4" aria-label="Articles">
          <form
            role="search"
            className="flex flex-col gap-2 sm:flex-row"
            onSubmit={(event) => {
              event.preventDefault();
              update({ q: draft.trim() });
            }}
          >
            <div className="relative flex-1">
              <Label htmlFor="news-search" className="sr-only">
                Search news
              </Label>
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <Input
                id="news-search"
                type="search"
                placeholder="Search news..."
                className="pl-9"
                value={draft}
                maxLength={200}
                onChange={(event) => setDraft(event.target.value)}
              />
            </div>
            <Label htmlFor="news-category" className="sr-only">
              Category
            </Label>
            <Select
              id="news-category"
              className="sm:w-48"
              value={category}
              onChange={(event) => update({ category: readCategory(event.target.value) })}
            >
              <option value="all">All Categories</option>
              {NEWS_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </Select>
            <Button type="button" variant="outline" onClick={onRefresh} disabled={refresh.isPending}>
              <RefreshCw
                className={refresh.isPending ? 'size-4 animate-spin' : 'size-4'}
                aria-hidden="true"
              />
              {refresh.isPending ? 'Refreshing...' : 'Refresh'}
            </Button>
          </form>

          {news.isPending || (news.data && !listed) ? (
            // A screenful where the list will be, so the sidebar below is not pushed down when 50
            // cards arrive (on a site with no news yet it moves up instead, a smaller shift).
            <Spinner label="Loading latest XRP news..." className="min-h-screen items-start" />
          ) : news.isError ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 pt-6 text-center">
                <p className="font-medium">Failed to fetch news articles</p>
                <p className="text-sm text-muted-foreground">{news.error.message}</p>
                <Button variant="outline" onClick={() => void news.refetch()}>
                  Try Again
                </Button>
              </CardContent>
            </Card>
          ) : articles.length === 0 ? (
            <Card data-testid="news-empty">
              <CardContent className="flex flex-col items-center gap-1 pt-6 text-center">
                {filtering ? (
                  <>
                    <p className="font-medium">No articles found</p>
                    <p className="text-sm text-muted-foreground">
                      Try adjusting your search or filter criteria
                    </p>
                  </>
                ) : (
                  <p className="font-medium">No news articles available at the moment</p>
                )}
              </CardContent>
            </Card>
          ) : (
            <>
              <p className="sr-only" aria-live="polite">
                {articles.length} articles shown
              </p>
              <NewsList
                articles={articles}
                hasMore={news.hasNextPage}
                loadingMore={news.isFetchingNextPage}
                onLoadMore={() => void news.fetchNextPage()}
                commentCounts={commentCounts}
              />
            </>
          )}
        </section>
        <NewsSidebar onRefresh={onRefresh} refreshing={refresh.isPending} />
      </div>
    </div>
  );
}
