import type { DatabaseHandle } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mailer';
import { deliverDue } from './deliveries';
import { drainAlertQueue } from './evaluate';
import type { PushSender } from './push';
import { sendNewsletterSummaries } from '../newsletter/newsletter-weekly';
import { sendWeeklySummaries } from './weekly-summary';

export interface AlertWorker {
  /** One pass now: evaluate the queue, send what is due, weekly summaries. Tests await it. */
  run(): Promise<void>;
  stop(): Promise<void>;
}

export interface AlertWorkerDeps {
  handle: Pick<DatabaseHandle, 'db' | 'listen'>;
  logger: Logger;
  mailer: Mailer;
  push: PushSender | null;
  publicUrl: string;
  secret: string;
}

/**
 * Evaluates alerts as soon as a data row is queued (the queue's NOTIFY reaches every process; SKIP
 * LOCKED shares the work), and every tick sends due email and push and the weekly summaries.
 */
export async function startAlertWorker(deps: AlertWorkerDeps, tickSeconds: number): Promise<AlertWorker> {
  const log = deps.logger.child({ module: 'alerts' });
  const { db } = deps.handle;
  const delivery = {
    db,
    logger: log,
    mailer: deps.mailer,
    push: deps.push,
    publicUrl: deps.publicUrl,
    secret: deps.secret,
  };
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    const created = await drainAlertQueue({ db, logger: log });
    const sent = await deliverDue(delivery);
    const weekly = (await sendWeeklySummaries(delivery)) + (await sendNewsletterSummaries(delivery));
    if (created + sent.emails + sent.pushes + weekly > 0)
      log.info({ notifications: created, ...sent, weeklySummaries: weekly }, 'alerts pass');
  };

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((error: unknown) => log.error({ err: error }, 'alerts pass failed'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const unlisten = await deps.handle.listen('alert_queue', () => void run());
  const timer = setInterval(() => void run(), tickSeconds * 1000);
  timer.unref();
  void run();
  return {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
