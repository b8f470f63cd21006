import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '@/web/lib/session';
import { Pager } from '@/web/components/pager';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { researchListQuery } from '@/web/features/research/api/research';
// The counts' own module: the feature's index also brings the discussion, its forms and zod.
import { CommentCountLink, useCommentCounts } from '@/web/features/community/components/comment-count';
import { PageHeading } from './page-heading';
import { useDates } from '@/web/lib/preferences';

/** /research: the admins' research posts, newest first; admins also see drafts and write posts. */
export function Component() {
  const dates = useDates();
  const { isAdmin } = useSession();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(researchListQuery(page, isAdmin));
  // The cards' comment counts, one request for the page (drafts have no discussion).
  const commentCounts = useCommentCounts(
    list.data?.posts.filter((post) => post.publishedAt).map((post) => `research:${post.id}`) ?? [],
  );

  return (
    <>
      <PageHeading title="Research">
        In-depth research on XRP, the XRP Ledger and the institutions around them. Summaries are free to read;
        the full posts come with Premium.
      </PageHeading>
      {isAdmin && (
        <Button asChild className="mb-6 self-start">
          <Link to="/research/new">
            <Plus aria-hidden="true" />
            New post
          </Link>
        </Button>
      )}
      {list.isPending ? (
        <Spinner label="Loading research..." />
      ) : list.isError ? (
        <FormAlert>{list.error.message}</FormAlert>
      ) : list.data.posts.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>No research published yet</CardTitle>
            <CardDescription>
              Our first posts are on their way. Meanwhile, the{' '}
              <Link to="/analysis" className="text-primary underline">
                weekly analysis
              </Link>{' '}
              sums up each week of the market.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.data.posts.map((post) => (
            <li key={post.id}>
              <Card>
                <CardHeader>
                  <CardTitle className="text-xl">
                    <Link to={`/research/${post.slug}`} className="hover:underline">
                      {post.title}
                    </Link>
                  </CardTitle>
                  <CardDescription className="flex flex-wrap items-center gap-2">
                    {post.publishedAt ? (
                      <span>
                        {dates.date(post.publishedAt)}
                        {post.author && ` · ${post.author}`}
                      </span>
                    ) : (
                      <Badge>Draft</Badge>
                    )}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-3">
                  <p className="leading-7">{post.summary}</p>
                  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                    <Link
                      to={`/research/${post.slug}`}
                      className="text-sm font-medium text-primary underline underline-offset-4"
                      aria-label={`Read: ${post.title}`}
                    >
                      Read the post
                    </Link>
                    {post.publishedAt && (
                      <CommentCountLink
                        to={`/research/${post.slug}`}
                        count={commentCounts[`research:${post.id}`]}
                        title={post.title}
                      />
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
        />
      )}
    </>
  );
}
