import type { JobContext } from './job';

/** What a task that sends mail gives the feature's sender: the mailer, links and a named logger. */
export function mailContextOf(context: JobContext, module: string) {
  return {
    db: context.db,
    logger: context.logger.child({ module }),
    mailer: context.mailer,
    publicUrl: context.env.PUBLIC_URL,
    secret: context.unsubscribeSecret,
  };
}
