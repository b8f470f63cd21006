import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { weekLabel, weekRange, weekSpan } from '@/domain/analysis/analysis.schema';
import { formatPrice } from '@/domain/format/format';
import { BackLink } from '@/web/components/back-link';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { useSession } from '@/web/lib/session';
import { weekQuery } from '@/web/features/analysis/api';
import { WeekFigures } from '@/web/features/analysis/components/week-figures';
import { PremiumOverlay } from '@/web/features/market/components/premium-overlay';
import { PageHeading } from './page-heading';
import { useDates } from '@/web/lib/preferences';
import { Discussion } from '@/web/features/community';

/**
 * /analysis/:week: one week in full — figures, the closing price of each day and the headlines. The
 * daily closes and whale transfers are Premium: others see the dashboard's upgrade overlay instead.
 */
export function Component() {
  const dates = useDates();
  const { week = '' } = useParams();
  const { user, isPremium } = useSession();
  const report = useQuery(weekQuery(week, `${user?.id ?? ''}:${isPremium}`));
  const valid = weekRange(week) !== null;
  const back = <BackLink to="/analysis">All weeks</BackLink>;
  if (report.isPending) return <Spinner label="Loading the week..." />;
  if (report.isError)
    return (
      <>
        {back}
        <PageHeading title={valid ? weekLabel(week) : 'Analysis'} />
        <FormAlert>{report.error.message}</FormAlert>
      </>
    );
  const data = report.data;
  return (
    <div className="flex flex-col">
      {back}
      <PageHeading title={weekLabel(data.week)}>{`${weekSpan(data.week, dates.day)} (UTC)`}</PageHeading>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              The week in figures {!data.complete && <Badge>In progress</Badge>}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <WeekFigures week={data} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Closing price by day</CardTitle>
          </CardHeader>
          <CardContent>
            {data.daily === null ? (
              <PremiumOverlay title="Daily closes are a Premium feature">
                The closing price of each day and the week&apos;s whale transfers come with Premium.
              </PremiumOverlay>
            ) : data.daily.length === 0 ? (
              <p className="text-sm text-muted-foreground">No prices were stored this week.</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="pb-2 font-medium">Day (UTC)</th>
                    <th className="pb-2 text-right font-medium">Close</th>
                  </tr>
                </thead>
                <tbody>
                  {data.daily.map((day) => (
                    <tr key={day.day} className="border-t">
                      <td className="py-1.5">{dates.day(day.day)}</td>
                      <td className="py-1.5 text-right tabular-nums">{formatPrice(day.close)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </CardContent>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Headlines</CardTitle>
        </CardHeader>
        <CardContent>
          {data.headlines.length === 0 ? (
            <p className="text-sm text-muted-foreground">No news was stored this week.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {data.headlines.map((headline) => (
                <li key={headline.url} className="flex flex-col">
                  <a
                    href={headline.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-medium hover:underline"
                  >
                    {headline.title}
                  </a>
                  <span className="text-xs text-muted-foreground">
                    {[headline.source, dates.age(headline.publishedAt)].filter(Boolean).join(' · ')}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <nav aria-label="Weeks" className="mt-6 flex justify-between gap-4 text-sm">
        {data.previous ? (
          <Link to={`/analysis/${data.previous}`} className="text-primary underline underline-offset-4">
            ← {weekLabel(data.previous)}
          </Link>
        ) : (
          <span />
        )}
        {data.next && (
          <Link to={`/analysis/${data.next}`} className="text-primary underline underline-offset-4">
            {weekLabel(data.next)} →
          </Link>
        )}
      </nav>
      <div className="mt-10">
        <Discussion subject={`analysis:${data.week}`} />
      </div>
    </div>
  );
}
