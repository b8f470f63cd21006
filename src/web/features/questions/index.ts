/** What the app may use of the analyst questions: the body of /ask, and its badges. */
export { AskAnalyst } from './components/ask-analyst';
export { LastActivity, StatusBadge, TopicBadge, TopicOptions } from './components/question-badges';
export { questionPath } from './components/question-list';
