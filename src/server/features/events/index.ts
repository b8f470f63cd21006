/** What the jobs may use of live events. */
export { pruneAppEvents } from './events.service';
