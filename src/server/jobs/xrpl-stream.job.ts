import { streamState } from '../features/whales';
import type { JobDefinition } from './job';

/** Ledgers close every 3–5 s: a stream with nothing for this long is not receiving them. */
export const STREAM_SILENT_SECONDS = 60;

/**
 * The live ledger stream (jobs/whale-stream.ts) is a connection, not a periodic run: this job is its
 * liveness in the admin's API tab. It reports the process holding the stream and the last ledger it
 * processed, and fails (shown as the job's error) when no ledger came for a minute, saying that new
 * whale payments and watched-account moves then wait for the catch-up job.
 */
export const xrplStreamJob: JobDefinition = {
  name: 'xrpl-stream',
  description: 'Checks that the live XRP Ledger stream is receiving validated ledgers',
  everySeconds: 'tick',
  syncs: true,
  async run({ db }) {
    const { holder, lastLedger } = await streamState(db);
    const silentFor = lastLedger ? (Date.now() - lastLedger.at.getTime()) / 1000 : null;
    if (lastLedger && silentFor !== null && silentFor <= STREAM_SILENT_SECONDS)
      return `Live: ledger ${lastLedger.index} processed ${Math.round(silentFor)} s ago${holder ? ` by process ${holder}` : ''}`;
    const since = lastLedger
      ? `no ledger since ${lastLedger.index} at ${lastLedger.at.toISOString()}`
      : 'no ledger processed yet';
    const who = holder
      ? `process ${holder} holds the stream but is not receiving ledgers (reconnecting)`
      : 'no process holds the stream';
    throw new Error(
      `XRP Ledger stream down: ${since}; ${who}. New whale payments and watched-account moves wait for the xrpl-whales catch-up job.`,
    );
  },
};
