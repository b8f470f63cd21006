import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '@/web/components/back-link';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { Discussion } from '@/web/features/community';
import { newsArticleQuery } from '@/web/features/news/api/news';
import { useDates } from '@/web/lib/preferences';
import { ApiError } from '@/web/lib/api-client';
import { useSession } from '@/web/lib/session';
import { PageHeading } from './page-heading';
import { usePageTitle } from '../use-page-title';

/** The article's address, if it is one a link may open (http or https). */
function outboundUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The news list (/news) is for members: a guest (who came by a shared link) is offered the home page,
 * and signing in to read the rest of the news.
 */
function ArticleNotFound({ message, signedIn }: { message: string; signedIn: boolean }) {
  usePageTitle('Article not found');
  return (
    <div className="flex flex-col items-center gap-4 py-24 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Article not found</h1>
      <p className="text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {signedIn ? (
          <>
            <Button asChild>
              <Link to="/news">Browse the news</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/">Return to Home</Link>
            </Button>
          </>
        ) : (
          <>
            <Button asChild>
              <Link to="/">Return to Home</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/auth" state={{ from: '/news' }}>
                Sign in to read the news
              </Link>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * /news/:id: one article on our site — title, source, date (an undated one says when we first saw
 * it), its image, the start of its text with a link out to the source, and the members' discussion.
 */
export function Component() {
  const dates = useDates();
  const { id = '' } = useParams();
  const article = useQuery(newsArticleQuery(id));
  const signedIn = Boolean(useSession().user);
  // The list of news is for members; a guest goes back to the home page.
  const back = signedIn ? <BackLink to="/news">All news</BackLink> : <BackLink to="/">Home</BackLink>;

  if (article.isPending) return <Spinner label="Loading the article..." />;
  if (article.isError) {
    const status = article.error instanceof ApiError ? article.error.status : 0;
    // 422: not an article id at all.
    if (status === 404 || status === 422)
      return (
        <ArticleNotFound message="This article does not exist (or no longer does)." signedIn={signedIn} />
      );
    return (
      <>
        {back}
        <PageHeading title="News" />
        <FormAlert>{article.error.message}</FormAlert>
      </>
    );
  }

  const data = article.data;
  const source = data.sourceName || 'the source';
  const href = outboundUrl(data.url);
  return (
    <div className="flex max-w-3xl flex-col">
      <article className="flex flex-col">
        {back}
        {data.categories.length > 0 && (
          <div className="mb-3 flex flex-wrap gap-2">
            {data.categories.map((category) => (
              <Badge key={category} className="border-primary/40 text-primary">
                {category}
              </Badge>
            ))}
          </div>
        )}
        <PageHeading title={data.title} />
        <p className="-mt-6 mb-6 flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{data.sourceName || 'Unknown Source'}</span>
          <span aria-hidden="true">·</span>
          {data.dated ? (
            <time dateTime={data.publishedAt}>{dates.dateTime(data.publishedAt)}</time>
          ) : (
            <span data-testid="news-undated">
              Undated · first seen <time dateTime={data.publishedAt}>{dates.dateTime(data.publishedAt)}</time>
            </span>
          )}
        </p>
        {data.imageUrl && (
          <img
            src={data.imageUrl}
            alt=""
            referrerPolicy="no-referrer"
            className="mb-6 max-h-96 w-full rounded-lg border object-cover"
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
        )}
        {data.summary ? (
          <p className="leading-7 whitespace-pre-line [overflow-wrap:anywhere]" data-testid="news-summary">
            {data.summary}
            {data.truncated && '…'}
          </p>
        ) : (
          <p className="text-muted-foreground">The source gave no summary of this article.</p>
        )}
        {href && (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-6 inline-flex items-center gap-1.5 self-start font-medium text-primary underline-offset-4 hover:underline"
          >
            Continue reading at {source}
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </article>
      <div className="mt-10">
        <Discussion subject={`news:${data.id}`} />
      </div>
    </div>
  );
}
