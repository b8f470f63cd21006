/** What other features, the jobs and the composition root may use of direct analyst access. */
export { createQuestionRoutes } from './questions.routes';
export { createInboxRoutes } from './inbox.routes';
export { questionMetrics } from './metrics.service';
export { exportMemberQuestions, releaseAssignments } from './members.service';
