/** What other features, the jobs and the composition root may use of the community discussions. */
export { createCommunityRoutes } from './community.routes';
export { createModerationRoutes } from './moderation.routes';
export { anonymizeMemberComments, exportMemberCommunity } from './members.service';
