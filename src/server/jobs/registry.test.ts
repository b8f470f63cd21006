import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { JobDefinition } from './job';
import { jobs } from './registry';

const isJob = (value: unknown): value is JobDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as JobDefinition).name === 'string' &&
  typeof (value as JobDefinition).run === 'function';

describe('the job registry', () => {
  it('runs every jobs/<name>.job.ts, each defined once under its file’s name', async () => {
    const files = fs.readdirSync(import.meta.dirname).filter((file) => file.endsWith('.job.ts'));
    for (const file of files) {
      const module = (await import(`./${file}`)) as Record<string, unknown>;
      expect(
        Object.values(module)
          .filter(isJob)
          .map((job) => job.name),
        file,
      ).toEqual([file.replace(/\.job\.ts$/, '')]);
    }
    expect(jobs.map((job) => job.name).sort()).toEqual(
      files.map((file) => file.replace(/\.job\.ts$/, '')).sort(),
    );
  });
});
