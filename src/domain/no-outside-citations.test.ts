import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The folders whose files are read, and the config files at the root. */
const folders = ['src/', 'tests/', 'scripts/', 'bench/', '.ci/'];
const rootConfig = /^[^/]+\.(?:ts|mjs|js|cjs)$/;

/**
 * A citation of the product's spec by section, or of a numbered issue: neither lives in the
 * repository, so a reader cannot open it. Built from pieces, so this file does not match itself.
 */
const outsideCitation = new RegExp(
  ['SPEC', '§'].join(' ') + '|' + String.raw`\b[Ii]ssues?` + ' ' + String.raw`\d+\b`,
);

/** Every tracked text file in scope, relative to the repository's root. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return listed.filter(
    (file) =>
      file !== '' &&
      (folders.some((folder) => file.startsWith(folder)) || rootConfig.test(file)) &&
      existsSync(path.join(root, file)),
  );
}

describe('comments and test titles', () => {
  it('carry their rule or reason in their own words, citing no document outside the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const offending: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(path.join(root, file));
      if (bytes.includes(0)) continue; // binary (an image)
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          if (outsideCitation.test(line)) offending.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offending, `Say the rule or reason itself instead:\n${offending.join('\n')}`).toEqual([]);
  });
});
