import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../fixtures');

/** A fixture file from tests/fixtures (copied from shared/fixtures), parsed. */
export function fixture<T = unknown>(relative: string): T {
  return JSON.parse(fs.readFileSync(path.join(dir, relative), 'utf8')) as T;
}
