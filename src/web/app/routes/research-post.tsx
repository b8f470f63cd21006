import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import { useSession } from '@/web/lib/session';
import { Markdown } from '@/web/components/markdown';
import { ConfirmDialog } from '@/web/components/ui/alert-dialog';
import { BackLink } from '@/web/components/back-link';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Spinner } from '@/web/components/ui/spinner';
import { deleteResearchPost, researchKeys, researchPostQuery } from '@/web/features/research/api/research';
import { ApiError } from '@/web/lib/api-client';
import { PageHeading } from './page-heading';
import { usePremiumPriceText } from '@/web/features/billing';
import { useDates } from '@/web/lib/preferences';
import { Discussion, LockedDiscussion } from '@/web/features/community';

/** What a visitor or a free member sees instead of the body. */
function LockedPost({ signedIn }: { signedIn: boolean }) {
  const price = usePremiumPriceText('');
  return (
    <Card className="border-premium/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock className="size-5 text-premium" aria-hidden="true" />
          The full post is for Premium members
        </CardTitle>
        <CardDescription>
          Premium gives you every research post in full, whale and regulatory alerts and the developer API
          {price ? ` for ${price}` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild variant="premium">
          <Link to="/membership">Upgrade to Premium</Link>
        </Button>
        {!signedIn && (
          <Button asChild variant="outline">
            <Link to="/auth">Sign in</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** /research/:slug: the summary for everyone, the body for Premium members and admins. */
export function Component() {
  const dates = useDates();
  const { slug = '' } = useParams();
  const { user, isPremium, isAdmin } = useSession();
  const post = useQuery(researchPostQuery(slug, `${user?.id ?? ''}:${isPremium}:${isAdmin}`));
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteResearchPost,
    onSuccess: async () => {
      toast.success('Post deleted');
      await queryClient.invalidateQueries({ queryKey: researchKeys.all });
      await navigate('/research');
    },
    onError: (error) => toast.error('The post was not deleted', { description: error.message }),
  });

  const back = <BackLink to="/research">All research</BackLink>;
  if (post.isPending) return <Spinner label="Loading the post..." />;
  if (post.isError)
    return (
      <>
        {back}
        <PageHeading
          title={post.error instanceof ApiError && post.error.status === 404 ? 'Post not found' : 'Research'}
        />
        <FormAlert>{post.error.message}</FormAlert>
      </>
    );
  const data = post.data;
  return (
    <div className="flex max-w-3xl flex-col">
      <article className="flex flex-col">
        {back}
        <PageHeading title={data.title} />
        <p className="-mt-6 mb-6 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {data.publishedAt ? (
            <span>
              {dates.date(data.publishedAt)}
              {data.author && ` · ${data.author}`}
            </span>
          ) : (
            <Badge>Draft</Badge>
          )}
        </p>
        {isAdmin && (
          <div className="mb-6 flex gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`/research/${data.slug}/edit`}>Edit</Link>
            </Button>
            <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
              Delete
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Delete this post?"
              description="This action cannot be undone. The post disappears from the site for everyone."
              confirmLabel="Delete"
              destructive
              onConfirm={() => remove.mutate(data.id)}
            />
          </div>
        )}
        <p className="mb-8 text-lg leading-8">{data.summary}</p>
        {data.body !== null ? <Markdown>{data.body}</Markdown> : <LockedPost signedIn={Boolean(user)} />}
      </article>
      {/* Only those who can read the post read and join its discussion; drafts have none yet. */}
      {data.publishedAt && (
        <div className="mt-10">
          {data.body !== null ? <Discussion subject={`research:${data.id}`} /> : <LockedDiscussion />}
        </div>
      )}
    </div>
  );
}
