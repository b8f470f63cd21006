import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { absoluteHttpUrl } from '@/domain/news/canonical-url';

/**
 * Feed HTML is untrusted. What survives: text formatting, lists, quotes, headings, tables, images
 * and links — links and images only with absolute http(s) URLs (relative ones resolved against the
 * article), links opening in a new tab without an opener. No script, style, iframe, svg, form, event
 * handler, inline style, class or id; no javascript:, data: or any other scheme.
 */
const allowedTags = [
  'p',
  'br',
  'hr',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'caption',
];

/** The text inside these is code or styling, never article text: dropped with the tag. */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'svg',
  'math',
  'template',
  'object',
];

export function sanitizeArticleHtml(html: string, baseUrl?: string): string {
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'title', 'width', 'height'],
      abbr: ['title'],
    },
    allowedSchemes: ['http', 'https'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: NON_TEXT_TAGS,
    transformTags: {
      a: (tagName, attribs) => {
        const href = absoluteHttpUrl(attribs.href, baseUrl);
        return {
          tagName,
          attribs: {
            ...(href ? { href } : {}),
            ...(attribs.title ? { title: attribs.title } : {}),
            target: '_blank',
            rel: 'noopener noreferrer nofollow',
          },
        };
      },
      img: (tagName, attribs) => {
        const src = absoluteHttpUrl(attribs.src, baseUrl);
        return { tagName: src ? tagName : 'span', attribs: src ? { ...attribs, src } : {} };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'span' && !frame.text.trim(),
  } as sanitizeHtml.IOptions);
}

/** Elements whose edges separate words: a space goes in at each, so "a<br>b" reads "a b". */
const BLOCK_TAGS = new Set([
  'br',
  'p',
  'div',
  'li',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'hr',
  'tr',
  'td',
  'th',
  'caption',
  'figure',
  'figcaption',
  'ul',
  'ol',
  'dl',
  'table',
  'section',
  'article',
]);
const NON_TEXT = new Set(NON_TEXT_TAGS);

/**
 * Plain text of an HTML fragment: tags dropped (with the text of scripts, styles and the like),
 * entities decoded, whitespace collapsed. One pass of htmlparser2's tokenizer — linear in the input,
 * whatever the markup (an expression over raw markup backtracked on `<br<br<br…`).
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let hidden = 0;
  const edge = (name: string) => {
    if (BLOCK_TAGS.has(name)) parts.push(' ');
  };
  const parser = new Parser(
    {
      onopentagname: (name) => {
        if (NON_TEXT.has(name)) hidden += 1;
        edge(name);
      },
      onclosetag: (name) => {
        if (NON_TEXT.has(name)) hidden = Math.max(0, hidden - 1);
        edge(name);
      },
      ontext: (text) => {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return collapseWhitespace(parts.join(''));
}

/** Runs of whitespace as one space, trimmed: a single linear scan. */
export function collapseWhitespace(text: string): string {
  return text.split(/\s+/).filter(Boolean).join(' ');
}

/**
 * The first `<img>` of an HTML fragment with a non-empty src, read by htmlparser2 (linear, unlike an
 * expression over raw markup); the value is as written (entities decoded), not yet checked.
 */
export function firstImageSrc(html: string): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag: (name, attribs) => {
        if (found === null && name === 'img' && attribs.src?.trim()) {
          found = attribs.src.trim();
          parser.pause();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}
