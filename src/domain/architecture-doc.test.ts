import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const docPath = 'docs/architecture.md';
const doc = readFileSync(path.join(root, docPath), 'utf8');

/** The folders whose every subfolder docs/architecture.md lists, each under a heading naming it. */
const listedRoots = ['src/domain/', 'src/server/features/', 'src/web/features/'];

/** The subfolders of a folder of the repository, sorted. */
function foldersIn(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The folders the doc lists for `folder`: the first cell, written `name/`, of each table row under
 * the heading "### `<folder>`", up to the next heading.
 */
function listedIn(folder: string): string[] | undefined {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => line.trim() === `### \`${folder}\``);
  if (start === -1) return undefined;
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const row = /^\|\s*`([^`/]+)\/`\s*\|/.exec(line);
    if (row?.[1]) names.push(row[1]);
  }
  return names.sort();
}

/** "missing: a, b" and "extra: c" — what differs between the folders and the doc's list. */
function differences(actual: string[], listed: string[]): string[] {
  const missing = actual.filter((name) => !listed.includes(name));
  const extra = listed.filter((name) => !actual.includes(name));
  const repeated = listed.filter((name, index) => listed.indexOf(name) !== index);
  return [
    ...(missing.length ? [`missing from the doc: ${missing.join(', ')}`] : []),
    ...(extra.length ? [`listed but no such folder: ${extra.join(', ')}`] : []),
    ...(repeated.length ? [`listed twice: ${repeated.join(', ')}`] : []),
  ];
}

describe(docPath, () => {
  it.each(listedRoots)('lists every folder under %s, and only those', (folder) => {
    const listed = listedIn(folder);
    expect(listed, `${docPath} has no "### \`${folder}\`" section listing its folders`).toBeDefined();
    const problems = differences(foldersIn(folder), listed ?? []);
    expect(
      problems,
      `${docPath}, section "### \`${folder}\`" (a table row per folder, first cell \`name/\`):\n` +
        problems.join('\n'),
    ).toEqual([]);
  });

  it('names only feature and domain folders that exist, wherever it names them', () => {
    const serverFeatures = foldersIn('src/server/features');
    const webFeatures = foldersIn('src/web/features');
    const unknown: string[] = [];
    for (const match of doc.matchAll(/(?:\b(server|web)\/)?features\/([a-z0-9-]+)/g)) {
      const [text, side, name = ''] = match;
      const exists =
        side === 'server'
          ? serverFeatures.includes(name)
          : side === 'web'
            ? webFeatures.includes(name)
            : serverFeatures.includes(name) || webFeatures.includes(name);
      if (!exists) unknown.push(text);
    }
    for (const match of doc.matchAll(/\bdomain\/([a-z0-9-]+(?:\.[a-z]+)*)/g)) {
      if (!existsSync(path.join(root, 'src/domain', match[1] ?? ''))) unknown.push(match[0]);
    }
    expect(
      [...new Set(unknown)],
      `${docPath} names folders that do not exist:\n${[...new Set(unknown)].join('\n')}`,
    ).toEqual([]);
  });
});
