let numbers: Intl.NumberFormat | undefined;

/** 1,204 (en-US grouping, as the rest of the site writes counts). */
export const formatCount = (value: number) => (numbers ??= new Intl.NumberFormat('en-US')).format(value);

/** "No comments", "1 comment", "1,204 comments". */
export function commentCountText(count: number): string {
  if (count === 0) return 'No comments';
  return `${formatCount(count)} ${count === 1 ? 'comment' : 'comments'}`;
}
