import { queryOptions } from '@tanstack/react-query';
import type { ResearchPostInput } from '@/domain/research/research.schema';
import { api, unwrap, unwrapEmpty } from '@/web/lib/api-client';

export const researchKeys = { all: ['research'] } as const;

/** Published posts for everyone; with `drafts` (admins) every post. */
export const researchListQuery = (page: number, drafts: boolean) =>
  queryOptions({
    queryKey: [...researchKeys.all, 'list', { page, drafts }],
    queryFn: () =>
      unwrap(
        drafts
          ? api.admin.research.$get({ query: { page: String(page) } })
          : api.research.$get({ query: { page: String(page) } }),
      ),
    placeholderData: (previous) => previous,
  });

/** One post; the key holds the viewer so a plan change shows the body without a reload. */
export const researchPostQuery = (slug: string, viewerKey: string) =>
  queryOptions({
    queryKey: [...researchKeys.all, 'post', slug, viewerKey],
    queryFn: () => unwrap(api.research[':slug'].$get({ param: { slug } })),
    retry: false,
  });

export const saveResearchPost = (id: string | null, input: ResearchPostInput) =>
  id
    ? unwrap(api.admin.research[':id'].$put({ param: { id }, json: input }))
    : unwrap(api.admin.research.$post({ json: input }));

export const deleteResearchPost = (id: string) =>
  unwrapEmpty(api.admin.research[':id'].$delete({ param: { id } }));
