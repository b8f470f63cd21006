import { tokenizeLinks } from '@/web/lib/linkify';

/**
 * A member's plain text as written (a comment, a message to or from an analyst): its line breaks kept
 * (pre-wrap), http(s) addresses as links that open in a new tab and pass no ranking (`nofollow ugc`).
 * Every piece is a React text node or an anchor React builds, so markup in the text is shown, never
 * run. `dir="auto"`: a text in Arabic or Hebrew reads right to left.
 */
export function LinkifiedText({ text }: { text: string }) {
  const tokens = tokenizeLinks(text);
  return (
    <div
      dir="auto"
      className="text-sm leading-6 whitespace-pre-wrap [overflow-wrap:anywhere]"
      data-testid="comment-text"
    >
      {tokens.map((token, index) =>
        token.type === 'link' ? (
          <a
            key={index}
            href={token.href}
            target="_blank"
            rel="nofollow ugc noopener"
            className="text-primary underline underline-offset-2 hover:no-underline"
          >
            {token.text}
          </a>
        ) : (
          <span key={index}>{token.text}</span>
        ),
      )}
    </div>
  );
}
