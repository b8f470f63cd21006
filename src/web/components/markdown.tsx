import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';

/** In-app links stay in the app; others open in a new tab. */
function Anchor({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/'))
    return (
      <Link to={href} className="text-primary underline underline-offset-4">
        {children}
      </Link>
    );
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary underline underline-offset-4"
    >
      {children}
    </a>
  );
}

const components: Components = {
  a: Anchor,
  h2: ({ children }) => <h2 className="mt-10 mb-3 text-2xl font-semibold tracking-tight">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-6 mb-2 text-lg font-semibold">{children}</h3>,
  p: ({ children }) => <p className="mb-4 leading-7">{children}</p>,
  ul: ({ children }) => <ul className="mb-4 ml-6 list-disc space-y-1 leading-7">{children}</ul>,
  ol: ({ children }) => <ol className="mb-4 ml-6 list-decimal space-y-1 leading-7">{children}</ol>,
  code: ({ children }) => <code className="rounded bg-muted px-1 py-0.5 text-sm">{children}</code>,
  em: ({ children }) => <em className="text-muted-foreground">{children}</em>,
  // A wide table scrolls inside its own box on a phone instead of widening the page.
  table: ({ children }) => (
    <div className="mb-4 overflow-x-auto rounded-md border" role="region" aria-label="Table" tabIndex={0}>
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border-b bg-muted px-3 py-2 text-left font-semibold whitespace-nowrap">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-b px-3 py-2 align-top">
      {children}
    </td>
  ),
};

/** GitHub's Markdown: tables (research posts use them), strikethrough, task lists, bare links. */
const remarkPlugins = [remarkGfm];

/**
 * Markdown written in the repo (or by admins), rendered as React elements: raw HTML in the source is
 * not rendered, so the text cannot inject markup or script.
 */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="max-w-3xl">
      <ReactMarkdown components={components} remarkPlugins={remarkPlugins} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
