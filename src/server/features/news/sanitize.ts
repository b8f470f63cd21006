import { decodeHTML } from 'entities';
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

/** Plain text of an HTML fragment: tags dropped, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/li|\/h\d|\/div|\/blockquote)\b[^>]*>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: NON_TEXT_TAGS,
  });
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}
