/** The pages with a discussion, where a visitor's tab listens for new comments too. */
const discussionPaths = [
  /^\/news\/[0-9a-f-]{36}\/?$/i,
  /^\/research\/(?!new\/?$)[a-z0-9-]{1,120}\/?$/,
  /^\/analysis\/\d{4}-W\d{2}\/?$/,
];

export const isDiscussionPath = (pathname: string) =>
  discussionPaths.some((pattern) => pattern.test(pathname));
