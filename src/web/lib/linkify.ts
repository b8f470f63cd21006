import LinkifyIt from 'linkify-it';

/** A piece of a member's text: words as written, or a link the page may open. */
export type TextToken = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

let linkify: LinkifyIt | undefined;

/** http(s) only: no mailto:, ftp: or protocol-relative links, no bare emails or IP addresses. */
function tokenizer(): LinkifyIt {
  linkify ??= new LinkifyIt({}, { fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false })
    .add('ftp:', null)
    .add('mailto:', null)
    .add('//', null);
  return linkify;
}

/** The address a match may open, or null: only an http or https URL that parses. */
function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A member's plain text (a comment, a message to or from an analyst) cut into text and links
 * (`https://…`, `http://…`, `www.…`). The text is never HTML: the page renders each token as a text
 * node or an anchor, so `<script>` stays words.
 */
export function tokenizeLinks(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let position = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = tokens.at(-1);
    if (last?.type === 'text') last.text += value;
    else tokens.push({ type: 'text', text: value });
  };
  for (const match of tokenizer().match(text) ?? []) {
    pushText(text.slice(position, match.index));
    // Without a scheme only `www.…` is a link: "readme.md" or "config.py" are file names, not sites.
    const fuzzy = match.schema === '' && !/^www\./i.test(match.raw);
    const href = fuzzy ? null : safeHref(match.url);
    if (href) tokens.push({ type: 'link', text: match.raw, href });
    else pushText(match.raw);
    position = match.lastIndex;
  }
  pushText(text.slice(position));
  return tokens;
}
