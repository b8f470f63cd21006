import { formatInteger } from '@/domain/format/format';

/** "No comments", "1 comment", "1,204 comments". */
export function commentCountText(count: number): string {
  if (count === 0) return 'No comments';
  return `${formatInteger(count)} ${count === 1 ? 'comment' : 'comments'}`;
}
