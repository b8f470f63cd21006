import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@/web/lib/toast';
import {
  RESEARCH_BODY_MAX,
  researchPostInputSchema,
  type ResearchPostInput,
} from '@/domain/research/research.schema';
import { useSession } from '@/web/lib/session';
import { Markdown } from '@/web/components/markdown';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Field, SwitchField } from '@/web/components/ui/field';
import { FormAlert } from '@/web/components/ui/form-alert';
import { Label } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { Textarea } from '@/web/components/ui/textarea';
import { researchKeys, researchPostQuery, saveResearchPost } from '@/web/features/research/api/research';
import { useSchemaForm } from '@/web/lib/form';
import { PageHeading } from './page-heading';

const empty: ResearchPostInput = { title: '', summary: '', body: '', published: false };

/** /research/new and /research/:slug/edit (admins): title, summary and a Markdown body with a preview. */
export function Component() {
  const { slug } = useParams();
  const { user, isPremium, isAdmin } = useSession();
  const existing = useQuery({
    ...researchPostQuery(slug ?? '', `${user?.id ?? ''}:${isPremium}:${isAdmin}`),
    enabled: Boolean(slug),
  });

  const title = slug ? 'Edit research post' : 'New research post';
  if (slug && existing.isPending) return <Spinner label="Loading the post..." />;
  if (slug && existing.isError)
    return (
      <>
        <PageHeading title={title} />
        <FormAlert>{existing.error.message}</FormAlert>
      </>
    );
  const loaded = existing.data;
  return (
    <>
      <PageHeading title={title}>
        The summary is free for everyone to read; the body is for Premium members. Write the body in Markdown.
      </PageHeading>
      <ResearchForm
        key={loaded?.id ?? 'new'}
        id={loaded?.id ?? null}
        cancelTo={slug ? `/research/${slug}` : '/research'}
        initial={
          loaded
            ? {
                title: loaded.title,
                summary: loaded.summary,
                body: loaded.body ?? '',
                published: loaded.publishedAt !== null,
              }
            : empty
        }
      />
    </>
  );
}

function ResearchForm(props: { id: string | null; initial: ResearchPostInput; cancelTo: string }) {
  const form = useSchemaForm(researchPostInputSchema, props.initial);
  const { errors } = form.formState;
  const [body, published] = useWatch({ control: form.control, name: ['body', 'published'] });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (input: ResearchPostInput) => saveResearchPost(props.id, input),
    onSuccess: async (post) => {
      toast.success(post.publishedAt ? 'Post published' : 'Draft saved');
      await queryClient.invalidateQueries({ queryKey: researchKeys.all });
      await navigate(`/research/${post.slug}`);
    },
    // The form keeps every word typed, so nothing is lost.
    onError: (error) => toast.error('The post was not saved', { description: error.message }),
  });

  return (
    <Card className="max-w-3xl">
      <CardContent className="pt-6">
        <form
          onSubmit={form.handleSubmit((input) => save.mutate(input))}
          noValidate
          className="flex flex-col gap-5"
        >
          <Field
            id="research-title"
            label="Title"
            error={errors.title?.message}
            {...form.register('title')}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor="research-summary">Summary</Label>
            <Textarea
              id="research-summary"
              rows={3}
              className="min-h-20"
              {...form.register('summary')}
              aria-invalid={errors.summary ? true : undefined}
              aria-describedby={errors.summary ? 'research-summary-error' : undefined}
            />
            {errors.summary && (
              <p id="research-summary-error" className="text-sm text-destructive">
                {errors.summary.message}
              </p>
            )}
          </div>
          <Tabs defaultValue="write" className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="research-body">Body</Label>
              <TabsList>
                <TabsTrigger value="write">Write</TabsTrigger>
                <TabsTrigger value="preview">Preview</TabsTrigger>
              </TabsList>
            </div>
            <TabsContent value="write" className="flex flex-col gap-2">
              <Textarea
                id="research-body"
                rows={16}
                maxLength={RESEARCH_BODY_MAX}
                className="font-mono"
                {...form.register('body')}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? 'research-body-error' : undefined}
              />
            </TabsContent>
            <TabsContent value="preview" className="min-h-40 rounded-md border p-4">
              {body.trim() ? (
                <Markdown>{body}</Markdown>
              ) : (
                <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
              )}
            </TabsContent>
            {errors.body && (
              <p id="research-body-error" className="text-sm text-destructive">
                {errors.body.message}
              </p>
            )}
          </Tabs>
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <SwitchField
                id="research-published"
                label="Published"
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : !published ? 'Save draft' : props.id ? 'Save' : 'Publish'}
            </Button>
            <Button asChild variant="outline">
              <Link to={props.cancelTo}>Cancel</Link>
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
