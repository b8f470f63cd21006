/** What other features and the app may use of the community discussions. */
export {
  CommentCountLink,
  LockedDiscussion,
  useCommentCountPages,
  useCommentCounts,
} from './components/comment-count';
export { Discussion } from './components/discussion';
export { isDiscussionPath } from './lib/discussion-paths';
export { commentCountText } from './lib/format';
