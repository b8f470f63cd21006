import { ExternalLink, MessageSquare } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { NewsArticle } from '@/domain/news/news.schema';
import { formatExcerpt } from '@/domain/format/format';
import { useDates } from '@/web/lib/preferences';
import { Badge } from '@/web/components/ui/badge';
import { Card } from '@/web/components/ui/card';

/**
 * A news card: the card and 'Read More' both open the article in a new tab. Its age reads 'Just now'
 * under an hour, then hours, then days; an article the feed did not date says so, with when it was
 * first seen. 'Discuss' opens the article's own page on this site, with its discussion (and its
 * comment count). Memoized: when the comment counts arrive, or the list grows, only the cards whose
 * props changed render again, not all fifty in one task.
 */
export const NewsCard = memo(function NewsCard({
  article,
  commentCount,
}: {
  article: NewsArticle;
  commentCount?: number;
}) {
  const dates = useDates();
  return (
    <Card
      className="relative flex gap-4 p-4 transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40"
      data-testid="news-card"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {article.categories.slice(0, 2).map((category) => (
            <Badge key={category} className="border-primary/40 text-primary">
              {category}
            </Badge>
          ))}
          {article.dated ? (
            <time dateTime={article.publishedAt} title={dates.dateTime(article.publishedAt)}>
              {dates.relative(article.publishedAt)}
            </time>
          ) : (
            <span title="The feed gave no publication date" data-testid="news-undated">
              Undated · first seen{' '}
              <time dateTime={article.publishedAt}>{dates.age(article.publishedAt)}</time>
            </span>
          )}
        </div>
        <h2 className="text-lg font-semibold leading-snug">
          <a
            href={article.url}
            target="_blank"
            rel="noopener noreferrer"
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {article.title}
          </a>
        </h2>
        {article.text && <p className="text-sm text-muted-foreground">{formatExcerpt(article.text)}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
          <span className="font-medium">{article.sourceName || 'Unknown Source'}</span>
          <span className="flex items-center gap-4">
            <Link
              to={`/news/${article.id}`}
              className="relative z-10 inline-flex items-center gap-1 text-primary hover:underline"
              aria-label={`Discuss: ${article.title}${
                commentCount ? ` (${commentCount} ${commentCount === 1 ? 'comment' : 'comments'})` : ''
              }`}
            >
              <MessageSquare className="size-3.5" aria-hidden="true" />
              Discuss
              {commentCount ? <span className="tabular-nums">({commentCount})</span> : null}
            </Link>
            <a
              href={article.url}
              target="_blank"
              rel="noopener noreferrer"
              className="relative z-10 inline-flex items-center gap-1 text-primary hover:underline"
              aria-label={`Read More: ${article.title}`}
            >
              Read More <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          </span>
        </div>
      </div>
      {article.imageUrl && (
        <img
          src={article.imageUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          className="hidden size-24 shrink-0 rounded-md object-cover sm:block"
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      )}
    </Card>
  );
});
