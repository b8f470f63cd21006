import type { Client } from 'xrpl';
import type { Logger } from '../lib/logger';
import { connectXrpl, disconnectXrpl, isXrplError } from './xrpl';

/**
 * One XRPL connection for reads made while answering a request (a member adding an account) and by
 * the portfolio refresh: opened on first use, kept open, opened again once if it was lost.
 */
export interface LedgerConnection {
  use<T>(read: (client: Client) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createLedgerConnection(urls: readonly string[], logger: Logger): LedgerConnection {
  let connecting: Promise<Client> | null = null;
  const open = () => {
    connecting ??= connectXrpl(urls, logger).catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    return connecting;
  };
  const drop = async () => {
    const current = connecting;
    connecting = null;
    await current?.then(disconnectXrpl).catch(() => undefined);
  };
  return {
    async use(read) {
      const client = await open();
      if (!client.isConnected()) await drop();
      try {
        return await read(client.isConnected() ? client : await open());
      } catch (error) {
        if (!isXrplError(error, 'ConnectionError')) throw error;
        await drop();
        return read(await open());
      }
    },
    close: drop,
  };
}
