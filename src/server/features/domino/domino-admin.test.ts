import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app';

let app: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.signedInUser({ role: 'admin' });
});
afterAll(async () => app?.close());

const json = (method: string, body: unknown, cookie: string) => ({
  method,
  cookie,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

type ErrorBody = { error: { code: string; message: string } };
const events = () => app.client(admin.cookie).admin['domino-events'];
type DominoInput = Parameters<ReturnType<typeof events>['$post']>[0]['json'];
const move = (id: string, direction: 'up' | 'down') =>
  events()[':id'].move.$post({ param: { id }, json: { direction } });

async function create(fields: Partial<DominoInput> = {}) {
  const response = await events().$post({
    json: { date: '2026-01-15', institution: 'Bank', event: 'Pilot', ...fields },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; displayOrder: number; impact: string; isActive: boolean };
}

const auditRows = (action: string) =>
  app.handle.db
    .selectFrom('admin_audit_logs')
    .selectAll()
    .where('action_type', '=', action as never)
    .execute();
const counts = async () => ({
  events: Number(
    (
      await app.handle.db
        .selectFrom('domino_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  audits: Number(
    (
      await app.handle.db
        .selectFrom('admin_audit_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describe('admin Domino events', () => {
  it('refuses anonymous (401), free and premium users (403) on every route, changing nothing', async () => {
    const event = await create({ institution: 'Guarded' });
    const free = await app.signedInUser();
    const premium = await app.signedInUser({ plan: 'premium' });
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/domino-events', undefined],
      ['POST', '/api/admin/domino-events', { date: '2026-01-01', institution: 'X', event: 'Y' }],
      ['PATCH', `/api/admin/domino-events/${event.id}`, { isActive: false }],
      ['DELETE', `/api/admin/domino-events/${event.id}`, undefined],
      ['POST', `/api/admin/domino-events/${event.id}/move`, { direction: 'up' }],
    ];
    const before = await counts();
    for (const [method, path, body] of calls) {
      for (const [cookie, status] of [
        ['', 401],
        [free.cookie, 403],
        [premium.cookie, 403],
      ] as const) {
        const response = await app.request(path, {
          method,
          cookie: cookie || undefined,
          json: body,
        });
        expect(response.status, `${method} ${path} as ${cookie ? 'user' : 'anonymous'}`).toBe(status);
      }
    }
    expect(await counts()).toEqual(before);
    const [row] = await app.handle.db
      .selectFrom('domino_events')
      .selectAll()
      .where('id', '=', event.id)
      .execute();
    expect(row?.is_active).toBe(true);
  });

  it('creates at the end of the list with impact Medium by default, and audits it', async () => {
    const first = await create({ institution: 'First' });
    const second = await create({ institution: 'Second', priceImpact: '+4%' });
    expect(first.impact).toBe('Medium');
    expect(second.displayOrder).toBe(first.displayOrder + 1);
    const audit = (await auditRows('domino_event_create')).find(
      (row) => (row.new_value as { id: string }).id === second.id,
    );
    expect(audit).toMatchObject({ admin_user_id: admin.userId, old_value: null });
    expect(audit?.new_value).toMatchObject({
      institution: 'Second',
      priceImpact: '+4%',
      createdBy: admin.userId,
    });
  });

  it('rejects an invalid event with a message and writes nothing', async () => {
    const before = await counts();
    const response = await app.request(
      '/api/admin/domino-events',
      json('POST', { date: '15/01/2026', institution: ' ', event: 'x', impact: 'Huge' }, admin.cookie),
    );
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.issues.map((issue: { message: string }) => issue.message)).toEqual(
      expect.arrayContaining(['Enter the date as YYYY-MM-DD', 'Institution is required']),
    );
    expect(await counts()).toEqual(before);
  });

  it('edits and toggles active: an inactive event leaves the public tracker; old and new are audited', async () => {
    const event = await create({ institution: 'Toggled' });
    const response = await events()[':id'].$patch({
      param: { id: event.id },
      json: { isActive: false, event: 'Paused pilot' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      isActive: false,
      event: 'Paused pilot',
      updatedBy: admin.userId,
    });
    const premium = await app.signedInUser({ plan: 'premium' });
    const publicList = (await (await app.client(premium.cookie)['domino-events'].$get()).json()) as {
      events: { id: string }[];
    };
    expect(publicList.events.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const audit = (await auditRows('domino_event_update')).find(
      (row) => (row.new_value as { id: string }).id === event.id,
    );
    expect(audit?.old_value).toMatchObject({ isActive: true, event: 'Pilot' });
    expect(audit?.new_value).toMatchObject({ isActive: false, event: 'Paused pilot' });
  });

  it('answers 404 for an unknown event and audits nothing', async () => {
    const before = await counts();
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      () => events()[':id'].$patch({ param: { id: missing }, json: { isActive: false } }),
      () => events()[':id'].$delete({ param: { id: missing } }),
      () => move(missing, 'up'),
    ]) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.message).toBe('Domino event not found');
    }
    expect(await counts()).toEqual(before);
  });

  it('moves by swapping with the neighbour; the first cannot move up and the last cannot move down', async () => {
    const list = async () =>
      (await (await events().$get()).json()) as {
        id: string;
        displayOrder: number;
      }[];
    const last = await create({ institution: 'Last' });
    const listed = await list();
    const [top] = listed;
    const up = await move(top!.id, 'up');
    expect(up.status).toBe(409);
    expect(((await up.json()) as ErrorBody).error.message).toBe('The first event cannot move up');
    const down = await move(last.id, 'down');
    expect(down.status).toBe(409);
    expect(((await down.json()) as ErrorBody).error.message).toBe('The last event cannot move down');

    const moved = await move(last.id, 'up');
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as { id: string }[];
    expect(after.at(-2)?.id).toBe(last.id);
    expect(after.at(-1)?.id).toBe(listed.at(-2)?.id);
    expect((await auditRows('domino_event_reorder')).length).toBe(1);
  });

  it('keeps display orders unique under concurrent moves', async () => {
    const created = await Promise.all([1, 2, 3].map((n) => create({ institution: `Concurrent ${n}` })));
    const responses = await Promise.all(
      created.flatMap((event) =>
        (['up', 'down', 'up'] as const).map((direction) => move(event.id, direction)),
      ),
    );
    expect(responses.every((response) => response.status === 200 || response.status === 409)).toBe(true);
    const orders = (await app.handle.db.selectFrom('domino_events').select('display_order').execute()).map(
      (row) => row.display_order,
    );
    expect(new Set(orders).size).toBe(orders.length);
  });

  it('deletes an event with an audit row holding what was deleted', async () => {
    const event = await create({ institution: 'Doomed' });
    const response = await events()[':id'].$delete({ param: { id: event.id } });
    expect(response.status).toBe(204);
    const audit = (await auditRows('domino_event_delete')).find(
      (row) => (row.old_value as { id: string }).id === event.id,
    );
    expect(audit?.old_value).toMatchObject({ institution: 'Doomed' });
    const again = await events()[':id'].$delete({ param: { id: event.id } });
    expect(again.status).toBe(404);
  });
});
