import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import Stripe from 'stripe';

/**
 * A local server speaking the part of Stripe's HTTP API the app calls (customers, prices, checkout
 * sessions, billing portal sessions, subscriptions), for the real `stripe` SDK pointed at it through
 * STRIPE_API_BASE. It keeps state like Stripe: idempotency keys replay their first answer, objects
 * have Stripe's shapes (API 2025+: the billing period lives on the subscription items). Test helpers
 * play what happens on Stripe's side (a customer pays, a renewal fails) and build signed webhooks.
 */

type Obj = Record<string, unknown>;
interface FormValue {
  [key: string]: FormValue | string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: FormValue;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** The next request to this path (e.g. 'POST /v1/checkout/sessions') answers this error. */
  failNext(route: string, status: number, message: string): void;
  /** The next request to this path is never answered (Stripe slow while the app waits on it). */
  holdNext(route: string): void;
  /** Stripe's side of a paid checkout: an active subscription for the session's customer. */
  completeCheckout(sessionId: string): { session: Obj; subscription: Obj };
  /** Changes a subscription as Stripe would (status, cancel_at_period_end, period…). */
  updateSubscription(id: string, patch: Obj & { current_period_end?: number }): Obj;
  invoiceFor(subscriptionId: string, status: 'paid' | 'open'): Obj;
  event(type: string, object: Obj): Obj;
  /** A Stripe-Signature header for a payload, as Stripe signs it. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  close(): Promise<void>;
}

const stripeForSigning = new Stripe('sk_test_signing_only');
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(10).toString('hex')}`;
const MONTH = 30 * 24 * 60 * 60;

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects (arrays as index-keyed objects). */
function parseForm(text: string): FormValue {
  const root: FormValue = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split(/[[\]]+/).filter(Boolean);
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        const next = node[part];
        if (typeof next === 'object') node = next;
        else {
          const created: FormValue = {};
          node[part] = created;
          node = created;
        }
      }
    });
  }
  return root;
}

const text = (value: FormValue | string | undefined): string | null =>
  typeof value === 'string' ? value : null;
const record = (value: FormValue | string | undefined): Record<string, string> =>
  typeof value === 'object'
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : {};

function stripeError(status: number, message: string, type = 'invalid_request_error') {
  return {
    status,
    body: { error: { type, message, ...(status === 404 ? { code: 'resource_missing' } : {}) } },
  };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const failures = new Map<string, { status: number; message: string }>();
  const holds = new Set<string>();
  const routeKey = (route: string) => route.replace(/\/(cus|price|cs|sub|bps)_[0-9a-f]+/, '/:id');
  let base = '';

  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });

  const subscriptionItem = (subscriptionId: string, price: Obj, start: number, end: number) => ({
    id: newId('si'),
    object: 'subscription_item',
    subscription: subscriptionId,
    price,
    quantity: 1,
    current_period_start: start,
    current_period_end: end,
  });

  const handle = (method: string, pathname: string, query: FormValue, body: FormValue) => {
    const route = `${method} ${pathname}`;
    const failure = failures.get(routeKey(route));
    if (failure) {
      failures.delete(routeKey(route));
      return stripeError(failure.status, failure.message);
    }
    let match: RegExpMatchArray | null;
    if (route === 'POST /v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: text(body.email),
        name: text(body.name),
        metadata: record(body.metadata),
        created: now(),
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (route === 'GET /v1/prices') {
      const keys = Object.values(record(query.lookup_keys));
      const found = [...prices.values()].filter((price) => keys.includes(String(price.lookup_key)));
      return { status: 200, body: list(found, '/v1/prices') };
    }
    if ((match = route.match(/^GET \/v1\/prices\/([^/]+)$/))) {
      const price = prices.get(match[1] ?? '');
      if (!price) return stripeError(404, `No such price: '${match[1]}'`);
      return { status: 200, body: price };
    }
    if (route === 'POST /v1/prices') {
      const recurring = record(body.recurring);
      const productData = record(body.product_data);
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: text(body.currency),
        unit_amount: Number(text(body.unit_amount)),
        lookup_key: text(body.lookup_key),
        recurring: { interval: recurring.interval, interval_count: 1 },
        product: newId('prod'),
        nickname: productData.name ?? null,
        type: 'recurring',
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (route === 'POST /v1/checkout/sessions') {
      const customer = text(body.customer);
      if (!customer || !customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`);
      const lineItems = typeof body.line_items === 'object' ? Object.values(body.line_items) : [];
      const priceId = typeof lineItems[0] === 'object' ? text(lineItems[0].price) : null;
      if (!priceId || !prices.has(priceId)) return stripeError(400, `No such price: '${priceId}'`);
      const id = newId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: text(body.mode),
        status: 'open',
        customer,
        client_reference_id: text(body.client_reference_id),
        subscription: null as string | null,
        success_url: text(body.success_url),
        cancel_url: text(body.cancel_url),
        url: `${base}/pay/${id}`,
        price: priceId,
        subscription_metadata: record(
          typeof body.subscription_data === 'object' ? body.subscription_data.metadata : undefined,
        ),
        created: now(),
      };
      checkoutSessions.set(id, session);
      return { status: 200, body: session };
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      const customer = text(body.customer);
      if (!customer || !customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`);
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: text(body.return_url),
          url: `${base}/portal/${id}`,
        },
      };
    }
    if (route === 'GET /v1/subscriptions') {
      const customer = text(query.customer);
      const found = [...subscriptions.values()].filter((subscription) => subscription.customer === customer);
      return { status: 200, body: list(found, '/v1/subscriptions') };
    }
    if ((match = /^GET \/v1\/subscriptions\/(\w+)$/.exec(route))) {
      const subscription = subscriptions.get(match[1] ?? '');
      return subscription
        ? { status: 200, body: subscription }
        : stripeError(404, `No such subscription: '${match[1]}'`);
    }
    if ((match = /^DELETE \/v1\/subscriptions\/(\w+)$/.exec(route))) {
      const subscription = subscriptions.get(match[1] ?? '');
      if (!subscription) return stripeError(404, `No such subscription: '${match[1]}'`);
      if (subscription.status === 'canceled')
        return stripeError(400, 'This subscription has already been canceled');
      Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return { status: 200, body: subscription };
    }
    return stripeError(404, `Unrecognized request URL (${route})`);
  };

  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://x');
      const method = request.method ?? 'GET';
      const body = parseForm(Buffer.concat(chunks).toString('utf8'));
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, idempotencyKey, body });
      if (holds.delete(routeKey(`${method} ${url.pathname}`))) return;
      let answer: { status: number; body: unknown };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        answer = stripeError(401, 'Invalid API Key provided', 'invalid_request_error');
      } else if (method === 'POST' && idempotencyKey && idempotent.has(idempotencyKey)) {
        answer = idempotent.get(idempotencyKey) ?? stripeError(500, 'lost');
      } else {
        answer = handle(method, url.pathname, parseForm(url.search.slice(1)), body);
        if (method === 'POST' && idempotencyKey) idempotent.set(idempotencyKey, answer);
      }
      response.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      response.end(JSON.stringify(answer.body));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const getSubscription = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake stripe: no subscription ${id}`);
    return subscription;
  };

  return {
    url: base,
    secretKey,
    webhookSecret,
    requests,
    customers,
    prices,
    checkoutSessions,
    subscriptions,
    holdNext(route) {
      holds.add(route);
    },
    failNext(route, status, message) {
      failures.set(route, { status, message });
    },
    completeCheckout(sessionId) {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`fake stripe: no checkout session ${sessionId}`);
      const price = prices.get(String(session.price));
      if (!price) throw new Error('fake stripe: the session has no price');
      const start = now();
      const id = newId('sub');
      const subscription = {
        id,
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        currency: 'usd',
        metadata: session.subscription_metadata,
        items: { object: 'list', data: [subscriptionItem(id, price, start, start + MONTH)], has_more: false },
      };
      subscriptions.set(id, subscription);
      Object.assign(session, { status: 'complete', subscription: id });
      return { session, subscription };
    },
    updateSubscription(id, patch) {
      const subscription = getSubscription(id);
      const { current_period_end: periodEnd, ...rest } = patch;
      Object.assign(subscription, rest);
      if (periodEnd !== undefined) {
        const items = (subscription.items as { data: Obj[] }).data;
        for (const item of items) {
          item.current_period_start = item.current_period_end;
          item.current_period_end = periodEnd;
        }
      }
      return subscription;
    },
    invoiceFor(subscriptionId, status) {
      const subscription = getSubscription(subscriptionId);
      const item = (subscription.items as { data: Obj[] }).data[0] ?? {};
      return {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        status,
        amount_due: 900,
        amount_paid: status === 'paid' ? 900 : 0,
        currency: 'usd',
        period_start: item.current_period_start,
        period_end: item.current_period_end,
        hosted_invoice_url: `${base}/invoice/${subscriptionId}`,
        created: now(),
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: {} },
        },
      };
    },
    event(type, object) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
    },
    sign(payload, options = {}) {
      return stripeForSigning.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
