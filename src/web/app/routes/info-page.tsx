import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Markdown } from '@/web/components/markdown';
import { Spinner } from '@/web/components/ui/spinner';
import { PageHeading } from './page-heading';

/** The footer pages' text, one Markdown file each in src/web/content, loaded with the page. */
const contents = import.meta.glob<string>('../../content/*.md', { query: '?raw', import: 'default' });

/** A footer page (/learn, /about, /privacy, /terms …): its title and, where written, its text. */
export function Component({ title }: { title: string }) {
  const { pathname } = useLocation();
  const load = contents[`../../content${pathname}.md`];
  const [text, setText] = useState<{ path: string; body: string } | null>(null);
  useEffect(() => {
    let current = true;
    void load?.().then((body) => {
      if (current) setText({ path: pathname, body });
    });
    return () => {
      current = false;
    };
  }, [load, pathname]);
  return (
    <>
      <PageHeading title={title} />
      {load && (text?.path === pathname ? <Markdown>{text.body}</Markdown> : <Spinner label="Loading..." />)}
    </>
  );
}
