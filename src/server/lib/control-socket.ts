import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * One process at a time owns an embedded (PGlite) DATA_DIR. The owner listens on a unix socket inside
 * it, readable by the machine's user only; the CLI hands its commands to a running server through it,
 * and a second server finds it alive and refuses to start.
 */
export type Owner = 'server' | 'cli';

export type ControlRequest =
  { type: 'hello' } | { type: 'command'; name: string; args: Record<string, unknown> };
export type ControlResponse =
  | { ok: true; owner: Owner; pid: number; output?: string }
  | { ok: false; owner: Owner; pid: number; error: string };

export class DataDirBusyError extends Error {
  constructor(dataDir: string, holder: { owner: Owner; pid: number }) {
    super(
      holder.owner === 'server'
        ? `Another server (pid ${holder.pid}) is already running on DATA_DIR ${dataDir}; stop it first or use another DATA_DIR.`
        : `A CLI command (pid ${holder.pid}) is using DATA_DIR ${dataDir}; wait for it to finish.`,
    );
    this.name = 'DataDirBusyError';
  }
}

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control.sock');
}

function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once('connect', () => resolve(socket));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}

function exchange(socket: net.Socket, request: ControlRequest): Promise<ControlResponse> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      socket.end();
      try {
        resolve(JSON.parse(buffer.slice(0, end)) as ControlResponse);
      } catch (error) {
        reject(error);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('The server closed the control socket without an answer')));
    socket.write(`${JSON.stringify(request)}\n`);
  });
}

/** Sends a request to the DATA_DIR's owner; null when no process owns it. */
export async function sendControlRequest(
  dataDir: string,
  request: ControlRequest,
): Promise<ControlResponse | null> {
  const socket = await connect(controlSocketPath(dataDir));
  if (!socket) return null;
  return exchange(socket, request);
}

type Handler = (request: ControlRequest) => Promise<string | undefined>;

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export interface ControlSocket {
  setHandler(handler: Handler): void;
  close(): Promise<void>;
}

/** Takes ownership of DATA_DIR or throws DataDirBusyError naming the process that holds it. */
export async function claimDataDir(dataDir: string, owner: Owner): Promise<ControlSocket> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > 100) {
    throw new Error(
      `DATA_DIR path is too long for its control socket (${socketPath}); use a shorter DATA_DIR`,
    );
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let handler: Handler = async () => undefined;
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      buffer = '';
      void (async () => {
        let response: ControlResponse;
        try {
          const request = JSON.parse(line) as ControlRequest;
          const output = request.type === 'hello' ? undefined : await handler(request);
          response =
            output === undefined
              ? { ok: true, owner, pid: process.pid }
              : { ok: true, owner, pid: process.pid, output };
        } catch (error) {
          response = { ok: false, owner, pid: process.pid, error: (error as Error).message };
        }
        socket.end(`${JSON.stringify(response)}\n`);
      })();
    });
  });

  try {
    await listen(server, socketPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await sendControlRequest(dataDir, { type: 'hello' }).catch(() => null);
    if (holder) throw new DataDirBusyError(dataDir, holder);
    // A socket file left by a process that was killed: nobody answers, so it is safe to replace.
    fs.rmSync(socketPath, { force: true });
    await listen(server, socketPath);
  }
  fs.chmodSync(socketPath, 0o600);

  return {
    setHandler: (next) => {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}
