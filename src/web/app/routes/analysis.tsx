import { pageHeadings } from '@/domain/routing/page-headings';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { weekLabel, weekSpan } from '@/domain/analysis/analysis.schema';
import { Pager } from '@/web/components/pager';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { useDates } from '@/web/lib/preferences';
import { useSession } from '@/web/lib/session';
import { weeksQuery } from '@/web/features/analysis/api';
import { WeekFigures } from '@/web/features/analysis/components/week-figures';
// The counts' own module: the feature's index also brings the discussion, its forms and zod.
import { CommentCountLink, useCommentCounts } from '@/web/features/community/components/comment-count';
import { PageHeading } from './page-heading';

/** /analysis: one summary per week from stored data, the latest first. */
export function Component() {
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user, isPremium } = useSession();
  const weeks = useQuery(weeksQuery(page, `${user?.id ?? ''}:${isPremium}`));
  // The cards' comment counts, one request for the page.
  const commentCounts = useCommentCounts(weeks.data?.weeks.map((week) => `analysis:${week.week}`) ?? []);
  return (
    <>
      <PageHeading title={pageHeadings.analysis.title}>
        {pageHeadings.analysis.description}
        {weeks.data?.weeks[0]?.locked &&
          ' Whale transfers and the closing price of each day come with Premium.'}
      </PageHeading>
      {weeks.isPending ? (
        <Spinner label="Loading the weeks..." />
      ) : weeks.isError ? (
        <FormAlert>{weeks.error.message}</FormAlert>
      ) : weeks.data.weeks.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>No market data yet</CardTitle>
            <CardDescription>
              The first summary appears once the market data has been fetched. Come back after the first sync.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {weeks.data.weeks.map((week) => (
            <li key={week.week}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle className="flex flex-wrap items-center gap-2 text-xl">
                    <Link to={`/analysis/${week.week}`} className="hover:underline">
                      {weekLabel(week.week)}
                    </Link>
                    {!week.complete && <Badge>In progress</Badge>}
                  </CardTitle>
                  <CardDescription>{weekSpan(week.week, dates.day)}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4">
                  <WeekFigures week={week} />
                  <CommentCountLink
                    to={`/analysis/${week.week}`}
                    count={commentCounts[`analysis:${week.week}`]}
                    title={weekLabel(week.week)}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {weeks.data && (
        <Pager
          page={weeks.data.page}
          pageSize={weeks.data.pageSize}
          total={weeks.data.total}
          onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
        />
      )}
    </>
  );
}
