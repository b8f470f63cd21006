import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayNameKeys } from '@/domain/community/lookalikes';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { DatabaseHandle } from './client';
import { createMigrator, migrateToLatest } from './migrate';

let handle: DatabaseHandle;

/** Members with the names they chose before lookalikes counted, oldest first. */
const before = [
  { id: 'u-member', name: 'Member a', role: null },
  { id: 'u-member-cyrillic', name: 'Memb\u0435r a', role: null },
  { id: 'u-bill', name: 'Bill', role: null },
  { id: 'u-bill-capital-i', name: 'BiII', role: null },
  { id: 'u-admin-lookalike', name: '\u0430dmin fan', role: null },
  { id: 'u-team', name: 'Mod\u0435rator Max', role: 'admin' },
  { id: 'u-maria', name: 'Мария', role: null },
  { id: 'u-stopped', name: null, role: null },
];

async function names() {
  const rows = await handle.db
    .selectFrom('commenters')
    .select(['user_id', 'display_name', 'display_name_key', 'display_name_skeleton'])
    .orderBy('created_at')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.user_id, row]));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  // The embedded test database comes migrated, a server one empty: both are taken to the schema
  // before skeletons, given names as members chose them then, and migrated on.
  const result = await createMigrator(handle.db).migrateTo('0025-announce-whose-change');
  if (result.error) throw result.error;
  const start = Date.now() - 3_600_000;
  for (const [index, member] of before.entries()) {
    const at = new Date(start + index * 1000);
    await sql`
      INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
      VALUES (${member.id}, ${member.id}, ${`${member.id}@example.com`}, true, ${at}, ${at}, ${member.role})
    `.execute(handle.db);
    await sql`
      INSERT INTO commenters (user_id, display_name, created_at) VALUES (${member.id}, ${member.name}, ${at})
    `.execute(handle.db);
  }
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe('migration 0026: display names by how they look', () => {
  it('gives every chosen name its skeletons; of lookalikes the oldest keeps it, and team words go to the team', async () => {
    const rows = await names();
    expect(rows['u-member']).toMatchObject({ display_name: 'Member a', ...columnsOf('Member a') });
    expect(rows['u-bill']).toMatchObject({ display_name: 'Bill', ...columnsOf('Bill') });
    expect(rows['u-maria']).toMatchObject({ display_name: 'Мария', ...columnsOf('Мария') });
    expect(rows['u-team']).toMatchObject({
      display_name: 'Mod\u0435rator Max',
      ...columnsOf('Mod\u0435rator Max'),
    });
    for (const cleared of ['u-member-cyrillic', 'u-bill-capital-i', 'u-admin-lookalike', 'u-stopped'])
      expect(rows[cleared], cleared).toMatchObject({
        display_name: null,
        display_name_key: null,
        display_name_skeleton: null,
      });
  });

  it('holds lookalike names apart in the database itself, whoever writes them', async () => {
    const write = (userId: string, name: string) =>
      handle.db
        .updateTable('commenters')
        .set({ display_name: name, ...columnsOf(name) })
        .where('user_id', '=', userId)
        .execute();
    await expect(write('u-member-cyrillic', 'MEMBER A')).rejects.toMatchObject({ code: '23505' });
    await expect(write('u-bill-capital-i', 'BiII')).rejects.toMatchObject({ code: '23505' });
    // A name without its skeletons is refused too, so no writer can skip them.
    await expect(
      handle.db
        .updateTable('commenters')
        .set({ display_name: 'No Skeleton' })
        .where('user_id', '=', 'u-stopped')
        .execute(),
    ).rejects.toMatchObject({ code: '23514' });
    await write('u-member-cyrillic', 'Member b');
    expect((await names())['u-member-cyrillic']?.display_name).toBe('Member b');
  });
});

function columnsOf(name: string) {
  const { key, skeleton } = displayNameKeys(name);
  return { display_name_key: key, display_name_skeleton: skeleton };
}
