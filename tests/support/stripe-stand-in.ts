import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe API calls the app makes (docs/decisions/0007-payment-provider.md:
 * no test needs the internet). The REAL SDK is pointed at it through STRIPE_API_URL; it answers
 * realistic JSON objects, honours Idempotency-Key, answers Stripe's error shape for unknown ids, and
 * lets a test move objects along (an intent succeeding, a checkout completing, a renewal, a refund
 * settling) and sign webhook events with the SDK's own helper.
 */

type Json = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | null;
}

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

const rand = (n = 12) => randomBytes(n).toString('hex');
const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

/** Form bodies as the SDK sends them ('metadata[leadId]=42', 'line_items[0][price]=...'), into objects. */
export function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((s) => s.replace(/\]$/, ''))];
    let node: Json = out;
    path.forEach((seg, i) => {
      if (i === path.length - 1) node[seg] = value;
      else node = node[seg] ??= {};
    });
  }
  return arraysFromIndexes(out);
}

function arraysFromIndexes(v: unknown): any {
  if (!v || typeof v !== 'object') return v;
  const obj = v as Json;
  const keys = Object.keys(obj);
  const mapped = Object.fromEntries(keys.map((k) => [k, arraysFromIndexes(obj[k])]));
  return keys.length > 0 && keys.every((k, i) => k === String(i)) ? keys.map((k) => mapped[k]) : mapped;
}

export class StripeStandIn {
  readonly intents = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly refunds = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly portalSessions = new Map<string, Json>();
  /** What each price costs, for the invoices of subscriptions. */
  readonly priceAmounts: Record<string, number> = { price_pro: 4500, price_premium: 10000 };
  /** What a new refund's status is: Stripe answers 'pending' until the card network settles it for some methods, 'succeeded' for most cards. */
  refundStatus = 'pending';
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, { status: number; body: Json }>();
  private failures = 0;
  private server!: http.Server;
  private readonly signer = new Stripe('sk_test_stand_in');
  url = '';

  constructor(
    readonly webhookSecret: string,
    readonly apiKey = 'sk_test_x',
  ) {}

  /** The app's Stripe settings pointing the real SDK at this stand-in, with the plans' prices. */
  appEnv(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.apiKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_PRICE_PRO: 'price_pro',
      STRIPE_PRICE_PREMIUM: 'price_premium',
      STRIPE_API_URL: this.url,
    };
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const { status, body } = this.handle(req, raw);
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${rand(6)}` });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  // --- Test controls -------------------------------------------------------------------------

  /** The next `n` API calls answer 500, as Stripe does when it is having a bad day. */
  failNext(n = 1) {
    this.failures = n;
  }

  /** An intent made outside the app (to claim someone else's payment with). */
  createIntent(params: { amount: number; currency?: string; metadata?: Json; status?: string }): Json {
    const pi = this.newIntent({
      amount: String(params.amount),
      currency: params.currency ?? 'usd',
      metadata: params.metadata ?? {},
    });
    if (params.status) pi.status = params.status;
    return pi;
  }

  setIntent(
    id: string,
    patch: { status?: string; amount?: number; currency?: string; last_payment_error?: Json | null },
  ): Json {
    const pi = this.must(this.intents, id);
    Object.assign(pi, patch);
    return pi;
  }

  /** The customer pays on Stripe's page: the session completes and a subscription starts. */
  completeSession(id: string): { session: Json; subscription: Json } {
    const session = this.must(this.sessions, id);
    const price = session.line_items?.[0]?.price;
    const start = now();
    const subscription: Json = {
      id: `sub_${rand()}`,
      object: 'subscription',
      status: 'active',
      customer: session.customer ?? `cus_${rand(7)}`,
      cancel_at_period_end: false,
      created: start,
      start_date: start,
      latest_invoice: `in_${rand()}`,
      metadata: { ...(session.subscription_data?.metadata ?? {}) },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${rand(7)}`,
            object: 'subscription_item',
            quantity: 1,
            price: { id: price, object: 'price' },
            current_period_start: start,
            current_period_end: start + 30 * DAY,
          },
        ],
      },
      livemode: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    this.newInvoice(subscription);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
      customer: subscription.customer,
    });
    return { session, subscription };
  }

  updateSubscription(id: string, patch: { status?: string; cancel_at_period_end?: boolean; price?: string }): Json {
    const sub = this.must(this.subscriptions, id);
    const { price, ...rest } = patch;
    Object.assign(sub, rest);
    if (price) sub.items.data[0].price = { id: price, object: 'price' };
    return sub;
  }

  /** A new billing period with a new invoice; returns the invoice id. */
  renewSubscription(id: string): string {
    const sub = this.must(this.subscriptions, id);
    const item = sub.items.data[0];
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_start + 30 * DAY;
    sub.latest_invoice = `in_${rand()}`;
    this.newInvoice(sub);
    return sub.latest_invoice;
  }

  /** The subscription's latest invoice, paid, for its current period and price. */
  private newInvoice(sub: Json): Json {
    const item = sub.items.data[0];
    const amount = this.priceAmounts[item.price.id] ?? 0;
    const paidAt = now();
    const invoice: Json = {
      id: sub.latest_invoice,
      object: 'invoice',
      status: 'paid',
      amount_paid: amount,
      amount_due: amount,
      currency: 'usd',
      customer: sub.customer,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${sub.latest_invoice}`,
      status_transitions: { paid_at: paidAt, finalized_at: paidAt },
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      lines: {
        object: 'list',
        data: [
          {
            id: `il_${rand(7)}`,
            object: 'line_item',
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
        has_more: false,
      },
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } },
      livemode: false,
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  invoice(id: string, subscriptionId: string): Json {
    const stored = this.invoices.get(id);
    if (stored) return structuredClone(stored);
    return {
      id,
      object: 'invoice',
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: {} } },
    };
  }

  /** The refunds of a payment, oldest first. */
  refundsOf(paymentIntentId: string): Json[] {
    return [...this.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);
  }

  /** A refund settling (or failing) at the card network. */
  setRefund(id: string, patch: { status?: string; failure_reason?: string | null }): Json {
    const refund = this.must(this.refunds, id);
    Object.assign(refund, patch);
    return refund;
  }

  /** The payment's charge as a charge.refunded event carries it. */
  charge(paymentIntentId: string): Json {
    const pi = this.must(this.intents, paymentIntentId);
    const refunded = this.refundsOf(pi.id)
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    return {
      id: `ch_${pi.id.slice(3)}`,
      object: 'charge',
      amount: pi.amount,
      amount_refunded: refunded,
      refunded: refunded >= pi.amount,
      currency: pi.currency,
      payment_intent: pi.id,
      status: 'succeeded',
      livemode: false,
    };
  }

  /** An event as Stripe would post it, signed with the webhook secret (or another one). */
  event(type: string, object: Json, opts: { id?: string; secret?: string } = {}): SignedEvent {
    const id = opts.id ?? `evt_${rand()}`;
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null },
      data: { object },
    });
    return {
      id,
      payload,
      signature: this.signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? this.webhookSecret }),
    };
  }

  // --- The API ---------------------------------------------------------------------------------

  private handle(req: http.IncomingMessage, raw: string): { status: number; body: Json } {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const body = parseForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : raw);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    this.requests.push({ method: req.method ?? '', path: url.pathname, body, idempotencyKey });

    if (req.headers.authorization !== `Bearer ${this.apiKey}`)
      return error(401, 'authentication_error', 'Invalid API Key provided');
    if (this.failures > 0) {
      this.failures--;
      return error(500, 'api_error', "Something went wrong on Stripe's end.");
    }
    const cacheKey = req.method === 'POST' && idempotencyKey ? `${url.pathname} ${idempotencyKey}` : null;
    const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
    if (cached) return cached;
    const answer = this.route(req.method ?? 'GET', url.pathname, body);
    if (cacheKey && answer.status < 500) this.idempotent.set(cacheKey, answer);
    return answer;
  }

  private route(method: string, path: string, body: Json): { status: number; body: Json } {
    const ok = (b: Json) => ({ status: 200, body: structuredClone(b) });
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!(Number(body.amount) >= 50)) return error(400, 'invalid_request_error', 'Amount must be at least $0.50 usd');
      return ok(this.newIntent(body));
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const pi = this.intents.get(m[1]!);
      if (!pi) return missing('payment_intent', m[1]!);
      // expand[]=latest_charge: the charge with its receipt, once the payment succeeded.
      const expand: string[] = Array.isArray(body.expand) ? body.expand : body.expand ? [body.expand] : [];
      const charge: Json | null =
        pi.status === 'succeeded'
          ? { ...this.charge(pi.id), receipt_url: `https://pay.stripe.com/receipts/payment/${pi.id}` }
          : null;
      return ok({ ...pi, latest_charge: expand.includes('latest_charge') ? charge : (charge?.id ?? null) });
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([^/]+)$/)))
      return this.found(this.invoices, m[1]!, 'invoice', ok);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!body.customer)
        return error(400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing');
      const session = {
        id: `bps_${rand()}`,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${rand()}`,
        created: now(),
        livemode: false,
      };
      this.portalSessions.set(session.id, session);
      return ok(session);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return ok(this.newSession(body));
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)))
      return this.found(this.sessions, m[1]!, 'checkout.session', ok);
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/)))
      return this.found(this.subscriptions, m[1]!, 'subscription', ok);
    if (method === 'DELETE' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = this.subscriptions.get(m[1]!);
      if (!sub) return missing('subscription', m[1]!);
      if (sub.status === 'canceled')
        return error(400, 'invalid_request_error', 'This subscription has already been canceled.');
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return ok(sub);
    }
    if (method === 'POST' && path === '/v1/refunds') return this.newRefund(body);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...this.refunds.values()]
        .filter((r) => !body.payment_intent || r.payment_intent === body.payment_intent)
        .reverse();
      return ok({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/refunds\/([^/]+)$/)))
      return this.found(this.refunds, m[1]!, 'refund', ok);
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private newRefund(body: Json): { status: number; body: Json } {
    const pi = this.intents.get(body.payment_intent);
    if (!pi) return missing('payment_intent', String(body.payment_intent));
    if (pi.status !== 'succeeded')
      return error(
        400,
        'invalid_request_error',
        'This PaymentIntent does not have a successful charge to refund.',
        'charge_not_refundable',
      );
    const left = pi.amount - this.charge(pi.id).amount_refunded;
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!(amount > 0) || amount > left) {
      return error(
        400,
        'invalid_request_error',
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
        'amount_too_large',
      );
    }
    const refund: Json = {
      id: `re_${rand()}`,
      object: 'refund',
      amount,
      currency: pi.currency,
      payment_intent: pi.id,
      charge: `ch_${pi.id.slice(3)}`,
      status: this.refundStatus,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      failure_reason: null,
      created: now(),
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: structuredClone(refund) };
  }

  private found(map: Map<string, Json>, id: string, kind: string, ok: (b: Json) => { status: number; body: Json }) {
    const obj = map.get(id);
    return obj ? ok(obj) : missing(kind, id);
  }

  private must(map: Map<string, Json>, id: string): Json {
    const obj = map.get(id);
    if (!obj) throw new Error(`The stand-in has no ${id}`);
    return obj;
  }

  private newIntent(body: Json): Json {
    const id = `pi_${rand()}`;
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${rand(10)}`,
      metadata: body.metadata ?? {},
      description: body.description ?? null,
      automatic_payment_methods: body.automatic_payment_methods
        ? { enabled: body.automatic_payment_methods.enabled === 'true' }
        : null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    };
    this.intents.set(id, pi);
    return pi;
  }

  private newSession(body: Json): Json {
    const id = `cs_test_${rand()}`;
    const session: Json = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      line_items: (body.line_items ?? []).map((li: Json) => ({ price: li.price, quantity: Number(li.quantity) })),
      subscription_data: body.subscription_data ?? {},
      created: now(),
      livemode: false,
    };
    this.sessions.set(id, session);
    return session;
  }
}

function error(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

const missing = (kind: string, id: string) =>
  error(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');

export function startStripeStandIn(webhookSecret: string): Promise<StripeStandIn> {
  return new StripeStandIn(webhookSecret).start();
}
