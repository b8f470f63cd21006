import fs from 'node:fs';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  claimDataDir,
  controlSocketPath,
  DataDirBusyError,
  sendControlRequest,
  type ControlSocket,
} from './control-socket';

const opened: ControlSocket[] = [];
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'xrp-ctl-'));

afterEach(async () => {
  await Promise.all(opened.splice(0).map((socket) => socket.close()));
});

describe('control socket', () => {
  it('lets one owner claim DATA_DIR and refuses a second with the holder named', async () => {
    const dir = tempDir();
    opened.push(await claimDataDir(dir, 'server'));
    const error = await claimDataDir(dir, 'server').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DataDirBusyError);
    expect((error as Error).message).toBe(
      `Another server (pid ${process.pid}) is already running on DATA_DIR ${dir}; stop it first or use another DATA_DIR.`,
    );
  });

  it('is reachable by the machine user only', async () => {
    const dir = tempDir();
    opened.push(await claimDataDir(dir, 'server'));
    expect(fs.statSync(controlSocketPath(dir)).mode & 0o777).toBe(0o600);
  });

  it('hands commands to the owner and returns its answer or its error', async () => {
    const dir = tempDir();
    const socket = await claimDataDir(dir, 'server');
    opened.push(socket);
    socket.setHandler(async (request) => {
      if (request.type === 'command' && request.name === 'fail') throw new Error('it failed');
      return request.type === 'command'
        ? `ran ${request.name} with ${JSON.stringify(request.args)}`
        : undefined;
    });
    expect(
      await sendControlRequest(dir, { type: 'command', name: 'user:plan', args: { plan: 'free' } }),
    ).toMatchObject({
      ok: true,
      owner: 'server',
      output: 'ran user:plan with {"plan":"free"}',
    });
    expect(await sendControlRequest(dir, { type: 'command', name: 'fail', args: {} })).toMatchObject({
      ok: false,
      error: 'it failed',
    });
  });

  it('answers null when nobody owns DATA_DIR', async () => {
    expect(await sendControlRequest(tempDir(), { type: 'hello' })).toBeNull();
  });

  it('replaces a socket left behind by a process killed with SIGKILL', async () => {
    const dir = tempDir();
    const socketPath = controlSocketPath(dir);
    const child = spawn(process.execPath, [
      '-e',
      `require('net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('ready'))`,
    ]);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(fs.existsSync(socketPath)).toBe(true);
    opened.push(await claimDataDir(dir, 'server'));
    expect(await sendControlRequest(dir, { type: 'hello' })).toMatchObject({
      ok: true,
      owner: 'server',
      pid: process.pid,
    });
  });
});
