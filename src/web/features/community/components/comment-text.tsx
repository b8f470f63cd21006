import { tokenizeComment } from '../lib/linkify';

/**
 * A comment's plain text as written: its line breaks kept (pre-wrap), http(s) addresses as links that
 * open in a new tab and pass no ranking (`nofollow ugc`). Every piece is a React text node or an
 * anchor React builds, so markup in a comment is shown, never run. `dir="auto"`: a comment in Arabic
 * or Hebrew reads right to left.
 */
export function CommentText({ text }: { text: string }) {
  const tokens = tokenizeComment(text);
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
