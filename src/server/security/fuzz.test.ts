import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Every JSON operation of the API description, called with inputs made from its own schemas — valid,
 * nearly valid and junk: no 5xx, no stack trace in an answer, no unhandled rejection. `FUZZ_RUNS`
 * sets the number of requests (the full run uses 10,000; the default run fewer).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1200);

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  minLength?: number;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

let app: TestApp;
let doc: Document;
let admin: string;
let member: string;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  app = await createTestApp();
  admin = (await app.signedInUser({ role: 'admin' })).cookie;
  member = (await app.signedInUser({ plan: 'premium' })).cookie;
  doc = (await (await app.request('/api/openapi.json')).json()) as Document;
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await app?.close();
});

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '%00',
    'é'.repeat(300),
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}),
);

function resolve(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1)
    current = doc.components?.schemas?.[current.$ref.split('/').at(-1) ?? ''] ?? {};
  return current;
}

/** Strings that pass the usual checks for a field of this name, so that the handler behind them runs. */
function stringFor(name: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  if (/email/i.test(name))
    return fc.oneof(
      fc
        .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'mail.test'))
        .map(([local, domain]) => `${local}@${domain}`),
      fc.emailAddress(),
    );
  if (/url|link/i.test(name)) return fc.webUrl();
  if (/date|at$|from|to$/i.test(name))
    return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (/id$/i.test(name)) return fc.uuid();
  return fc.string({
    minLength: Math.min(minLength, 300),
    maxLength: Math.max(Math.min(maxLength, 300), minLength),
  });
}

/** A value shaped by the schema most of the time, junk otherwise (and inside, at every level). */
function valueOf(schema: Schema, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const resolved = resolve(schema);
  const alternatives = resolved.anyOf ?? resolved.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (alternatives && depth < 4)
    shaped = fc.oneof(...alternatives.map((item) => valueOf(item, depth + 1, name)));
  else if (resolved.enum) shaped = fc.constantFrom(...resolved.enum);
  else {
    const type = Array.isArray(resolved.type) ? resolved.type[0] : resolved.type;
    switch (type) {
      case 'object': {
        if (depth >= 4) {
          shaped = fc.constant({});
          break;
        }
        const fields = Object.fromEntries(
          Object.entries(resolved.properties ?? {}).map(([key, property]) => [
            key,
            valueOf(property, depth + 1, key),
          ]),
        );
        // Mostly with the required fields (so the handler runs), sometimes with any subset.
        shaped = fc.oneof(
          {
            arbitrary: fc.record(fields, {
              requiredKeys: (resolved.required ?? []).filter((key) => key in fields),
            }),
            weight: 3,
          },
          { arbitrary: fc.record(fields, { requiredKeys: [] }), weight: 1 },
        );
        break;
      }
      case 'array':
        shaped = fc.array(resolved.items && depth < 4 ? valueOf(resolved.items, depth + 1) : junk, {
          maxLength: 4,
        });
        break;
      case 'integer':
        shaped = fc.integer({ min: (resolved.minimum ?? -10) - 5, max: (resolved.maximum ?? 1000) + 5 });
        break;
      case 'number':
        shaped = fc.oneof(fc.double({ noNaN: true }), fc.integer());
        break;
      case 'boolean':
        shaped = fc.boolean();
        break;
      case 'string':
        shaped = fc.oneof(
          { arbitrary: stringFor(name, resolved.minLength ?? 1, resolved.maxLength ?? 60), weight: 3 },
          { arbitrary: fc.string({ maxLength: Math.min(resolved.maxLength ?? 60, 300) + 5 }), weight: 1 },
        );
        break;
      default:
        shaped = junk;
    }
  }
  return fc.oneof({ arbitrary: shaped, weight: 9 }, { arbitrary: junk, weight: 1 });
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

describe('fuzzing every JSON operation from its OpenAPI schema', () => {
  it(`answers ${RUNS} generated requests without a 5xx, a stack trace or an unhandled rejection`, async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThan(60);
    const request = fc.oneof(
      ...operations.map(({ path, method, operation }) => {
        const params = operation.parameters ?? [];
        const body = operation.requestBody?.content?.['application/json']?.schema;
        return fc.record({
          path: fc.constant(path),
          method: fc.constant(method),
          values: fc.record(
            Object.fromEntries(
              params.map((parameter) => [parameter.name, valueOf(parameter.schema ?? {}, 0, parameter.name)]),
            ),
            { requiredKeys: [] },
          ),
          body: body
            ? fc.oneof({ arbitrary: valueOf(body), weight: 5 }, { arbitrary: junk, weight: 1 })
            : fc.constant(undefined),
          caller: fc.constantFrom('admin', 'member', 'anonymous'),
        });
      }),
    );

    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ path, method, values, body, caller }) => {
        const operation = doc.paths[path]?.[method.toLowerCase()];
        const query = new URLSearchParams();
        let url = `/api${path}`;
        for (const parameter of operation?.parameters ?? []) {
          if (!(parameter.name in values)) continue;
          const text = asText(values[parameter.name]);
          if (parameter.in === 'path')
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(text || 'x'));
          else if (parameter.in === 'query') query.set(parameter.name, text);
        }
        url = url.replace(/\{[^}]+\}/g, 'x');
        if (query.size > 0) url += `?${query.toString()}`;
        const cookie = caller === 'admin' ? admin : caller === 'member' ? member : undefined;
        const response = await app.request(url, {
          method,
          ...(cookie ? { cookie } : {}),
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
        });
        sent += 1;
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const text = await response.text();
        // A refresh whose feeds are unreachable (no network here) honestly answers 502.
        const upstream = path === '/news/refresh' && response.status === 502;
        if (response.status >= 500 && !upstream)
          failures.push(`${method} ${url} → ${response.status} ${text.slice(0, 200)}`);
        if (/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/.test(text))
          failures.push(`${method} ${url}: a stack trace`);
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261123) },
    );
    expect(sent).toBe(RUNS);
    if (process.env.FUZZ_REPORT) console.log(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    // The inputs reach the handlers: most answers are not refusals before validation.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) + (statuses.get(422) ?? 0)).toBeGreaterThan(
      RUNS / 3,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(rejections).toEqual([]);
  }, 600_000);
});
