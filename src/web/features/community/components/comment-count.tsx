import { useQueries } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { communityMessages } from '@/domain/community/rules';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { commentCountsQuery } from '../api/community';
import { commentCountText } from '../lib/format';

/**
 * The comment counts of a list's cards: one request (`GET /api/comments/counts`) per page of cards
 * (a list that loads more pages asks for each page's once). A subject missing from the answer
 * (still loading, or failed) has no count yet.
 */
export function useCommentCountPages(pages: readonly (readonly string[])[]): Record<string, number> {
  return useQueries({
    queries: pages.map((subjects) => commentCountsQuery(subjects)),
    combine: (results) =>
      Object.assign({}, ...results.map((result) => result.data ?? {})) as Record<string, number>,
  });
}

/** The counts of one page of cards, in one request. */
export const useCommentCounts = (subjects: readonly string[]) => useCommentCountPages([subjects]);

/**
 * "12 comments" on a card, linking to the discussion (`to` is the page; the link adds #comments).
 * Without a count (still loading, or a research post the reader cannot read: the server leaves it
 * out) it says "Comments".
 */
export function CommentCountLink({
  to,
  count,
  title,
}: {
  to: string;
  count: number | undefined;
  /** What the discussion is about, for screen readers (several cards sit side by side). */
  title: string;
}) {
  const text = count === undefined ? 'Comments' : commentCountText(count);
  return (
    <Link
      to={`${to}#comments`}
      className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground hover:underline"
      aria-label={`${text}: ${title}`}
    >
      <MessageSquare className="size-4" aria-hidden="true" />
      {text}
    </Link>
  );
}

/**
 * What a reader who cannot read a research post sees instead of its discussion; a card's "Comments"
 * link (`#comments`) lands here.
 */
export function LockedDiscussion() {
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView.
    if (hash === '#comments') card.current?.scrollIntoView?.();
  }, [hash]);
  return (
    <Card ref={card} id="comments" className="scroll-mt-24">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5 text-muted-foreground" aria-hidden="true" />
          Comments
        </CardTitle>
        <CardDescription>{communityMessages.premiumResearch}</CardDescription>
      </CardHeader>
    </Card>
  );
}
