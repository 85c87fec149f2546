import { randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import { z } from 'zod';
import { rawEnvelopeSchema } from '../../../src/contract/envelope';
import type { Budget, SharedBudget } from '../budget';
import type { BreakerChange, CircuitBreakers } from '../circuit-breaker';
import { failureKinds } from '../failures';
import type { GatewayFailure } from '../failures';
import type { Pauses } from '../pauses';
import type { Ticker } from '../ticker';
import type { UpstreamOutcome } from '../upstream-client';
import {
  DROP_DEADLINE,
  EXTEND_DEADLINE,
  FINISH_LOAD,
  HEARTBEAT,
  LOOK_OR_LOCK,
  READ_DEADLINES,
  TAKE_TOKEN,
  WRITTEN,
} from './scripts';
import type { Loaded, SharedAnswer, SharedState, SharedStatus } from './shared-state';

/**
 * The replicas' shared state in Redis (REDIS_URL). ioredis is loaded only by `start()`, so a server
 * without REDIS_URL never loads it.
 *
 * - Answers: a hash per key with the loading replica's lifetimes, kept until its staleUntil; a replica
 *   that finds one keeps those lifetimes (it never makes an answer fresh again by copying it).
 * - Single flight: the first replica to miss takes a lock (SET NX PX) and loads; the others wait for its
 *   message on the channel (polling the lock at least every second, in case a message is lost). They get
 *   what it got: the stored answer, or its failure or business error (passed on, never stored). A lock
 *   outlives the longest load (the gateway's deadline) by a margin; when it expires without a message
 *   its holder died, and a waiter takes it over.
 * - Budget: a token bucket plus a window in one Lua script on Redis's clock (`TAKE_TOKEN`); each call
 *   counts from its grant until this replica says it was written (`WRITTEN`), then for the window.
 * - Pauses and breaker openings: a message to the running replicas and a deadline in a hash for those
 *   that start (or reconnect) later.
 *
 * Redis failing: commands fail fast (no offline queue, a short timeout); on the first failure this
 * replica goes local: its own cache and a share of the budget (the rate ÷ the replicas seen by the last
 * heartbeat), after a quiet second so that its calls never share a window with the shared budget's.
 * Once Redis answers again it rejoins and, while settling, keeps to its share while also asking the
 * shared budget, so that replicas that have not noticed yet cannot push a second over the limit:
 * settling ends one window after every replica seen before the outage is back (their heartbeats), or
 * after SETTLE_MAX_MS when some never come back (they are gone).
 * (A replica cut off from Redis while the others still reach it adds its share to theirs: a network
 * partition is the one case this does not cover.)
 */

/** Redis commands fail fast: a request never waits long for the shared layer. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;
/** Reconnection attempts 100 ms, 200 ms, ... apart, at most this: every replica is back within it. */
const RECONNECT_MAX_MS = 1_000;
const HEARTBEAT_MS = 1_000;
/** A replica without a heartbeat for this long no longer counts. */
const REPLICA_TTL_MS = 5 * HEARTBEAT_MS;
/** The budget's window: one second, as the service counts (plus the budget's margin, see budget.ts). */
const WINDOW_MS = 1_000;
/** Settling (see above) ends at the latest this long after (re)joining. */
const SETTLE_MAX_MS = 2 * REPLICA_TTL_MS;
/** A waiting replica looks at the answer and the lock at least this often. */
const POLL_MS = 1_000;
/** A lock outlives the longest load by this much. */
const LOCK_MARGIN_MS = 2_000;
/** The field of the pauses' hash that stands for "every operation". */
const GLOBAL_PAUSE = '*';

export interface SharedLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RedisSharedOptions {
  url: string;
  keyPrefix: string;
  ticker: Ticker;
  /** The upstream budget of all replicas together (see budget.ts and TAKE_TOKEN). */
  budget: {
    ratePerSecond: number;
    burst: number;
    windowMarginMs: number;
    /** Longest a granted call can wait for its connection before it is written (or fails). */
    unwrittenHoldMs: number;
  };
  /** The longest one load may take (the gateway's deadline). */
  loadDeadlineMs: number;
  log: SharedLog;
}

// What travels between replicas, parsed when it arrives.

const failureSchema = z.object({
  kind: z.enum(failureKinds),
  code: z.number().int(),
  httpStatus: z.number().int(),
  message: z.string(),
  retryAfter: z.string().nullable(),
  detail: z.string(),
  upstreamStatus: z.number().int().optional(),
  globalLimit: z.boolean().optional(),
}) satisfies z.ZodType<GatewayFailure>;

/** What a load that stored nothing got: a business error's envelope text, or the gateway's failure. */
const passOnSchema = z.union([z.object({ body: z.string() }), z.object({ failure: failureSchema })]);
type PassOn = z.infer<typeof passOnSchema>;

const messageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('answer'),
    from: z.string(),
    key: z.string(),
    stored: z.boolean(),
    passOn: passOnSchema.optional(),
  }),
  z.object({
    type: z.literal('pause'),
    from: z.string(),
    operation: z.string().nullable(),
    ms: z.number().nonnegative(),
  }),
  z.object({
    type: z.literal('breaker-open'),
    from: z.string(),
    group: z.string(),
    ms: z.number().nonnegative(),
    detail: z.string(),
  }),
  z.object({ type: z.literal('breaker-closed'), from: z.string(), group: z.string() }),
]);
type Message = z.infer<typeof messageSchema>;
type AnswerMessage = Extract<Message, { type: 'answer' }>;
/** What a waiting load hears: the loading replica's message, or that Redis is gone. */
type News = AnswerMessage | { type: 'local' };

const msSchema = z
  .string()
  .regex(/^\d+(\.\d+)?$/)
  .transform(Number);
const storedAnswerSchema = z.object({
  body: z.string(),
  requestId: z.string(),
  storedAt: msSchema,
  freshUntil: msSchema,
  swrUntil: msSchema,
  staleUntil: msSchema,
});

const lookSchema = z.union([
  z.tuple([z.literal('found'), z.array(z.string())]),
  z.tuple([z.literal('lead')]),
  z.tuple([z.literal('held'), z.number()]),
]);
const deadlinesSchema = z.array(z.union([z.string(), z.number()]));

function answerFrom(fields: Record<string, string>): SharedAnswer | null {
  const parsed = storedAnswerSchema.safeParse(fields);
  if (!parsed.success) return null;
  const { requestId, ...rest } = parsed.data;
  return { ...rest, upstreamRequestId: requestId === '' ? null : requestId };
}

function answerFields(answer: SharedAnswer): string[] {
  return [
    'body',
    answer.body,
    'requestId',
    answer.upstreamRequestId ?? '',
    'storedAt',
    String(answer.storedAt),
    'freshUntil',
    String(answer.freshUntil),
    'swrUntil',
    String(answer.swrUntil),
    'staleUntil',
    String(answer.staleUntil),
  ];
}

function pairs(flat: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i] ?? ''] = flat[i + 1] ?? '';
  return out;
}

function toWire(outcome: UpstreamOutcome): PassOn {
  return outcome.ok ? { body: outcome.body } : { failure: outcome.failure };
}

function fromWire(passOn: PassOn): UpstreamOutcome | null {
  if ('failure' in passOn) return { ok: false, failure: passOn.failure };
  let json: unknown;
  try {
    json = JSON.parse(passOn.body);
  } catch {
    return null;
  }
  const envelope = rawEnvelopeSchema.safeParse(json);
  return envelope.success ? { ok: true, envelope: envelope.data, body: passOn.body } : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function detailOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

interface Parts {
  budget: Budget;
  pauses: Pauses;
  breakers: CircuitBreakers;
}

interface Listening {
  /** The first news since listening began, or null after `ms`. */
  next(ms: number): Promise<News | null>;
  stop(): void;
}

export class RedisSharedState implements SharedState, SharedBudget {
  private readonly id = randomUUID();
  private readonly keys: {
    channel: string;
    replicas: string;
    bucket: string;
    grants: string;
    pauses: string;
    breakers: string;
  };
  private client: Redis | null = null;
  private sub: Redis | null = null;
  private mode: SharedStatus['mode'] = 'local';
  /** The mode last logged (null: none yet). */
  private announced: SharedStatus['mode'] | null = null;
  private since: number;
  private lastError: SharedStatus['lastError'] = null;
  private replicas = 1;
  /**
   * Replicas to share with while settling: at least as many as before Redis was lost (a restarted Redis
   * has forgotten those that have not reconnected yet).
   */
  private settlingWith = 1;
  /** When every replica of `settlingWith` was seen back (ticker ms); null while some are missing. */
  private allBackAt: number | null = null;
  private budgetShare = 1;
  /** Counts mode changes, so that a settling timer of an earlier spell does nothing. */
  private epoch = 0;
  private joining: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private seq = 0;
  private parts: Parts | null = null;
  private readonly listeners = new Map<string, Set<(news: News) => void>>();
  private readonly counts = { fromShared: 0, led: 0, joined: 0 };

  constructor(private readonly opts: RedisSharedOptions) {
    const p = opts.keyPrefix;
    this.keys = {
      channel: `${p}events`,
      replicas: `${p}replicas`,
      bucket: `${p}budget:bucket`,
      grants: `${p}budget:grants`,
      pauses: `${p}pauses`,
      breakers: `${p}breakers`,
    };
    this.since = opts.ticker.now();
  }

  /** Connect (waiting at most about a second): shared mode if Redis answers, local mode until it does. */
  async start(): Promise<void> {
    const { Redis } = await import('ioredis');
    const options: RedisOptions = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
      // Subscribed again on every "ready" below, before this replica counts as joined.
      autoResubscribe: false,
    };
    const client = new Redis(this.opts.url, options);
    const sub = new Redis(this.opts.url, options);
    this.client = client;
    this.sub = sub;
    for (const connection of [client, sub]) {
      connection.on('error', (err: unknown) => this.noteError(err));
      connection.on('ready', () => void this.join());
      connection.on('close', () => this.leave(new Error('the connection to Redis closed')));
    }
    sub.on('message', (_channel: string, text: string) => this.hear(text));
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    await Promise.allSettled([client.connect(), sub.connect()]);
    await this.join();
    if (this.mode === 'local') this.leave(this.lastError?.detail ?? 'Redis did not answer');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.epoch++;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.tellWaiters({ type: 'local' });
    if (this.mode === 'shared') await this.run((c) => c.zrem(this.keys.replicas, this.id));
    this.mode = 'local';
    this.client?.disconnect();
    this.sub?.disconnect();
  }

  attach(parts: Parts): void {
    this.parts = parts;
    parts.pauses.onPause((operation, ms) => {
      if (ms <= 0) return;
      const message: Message = { type: 'pause', from: this.id, operation, ms };
      void this.run((c) =>
        c.eval(
          EXTEND_DEADLINE,
          1,
          this.keys.pauses,
          operation ?? GLOBAL_PAUSE,
          Math.ceil(ms),
          this.keys.channel,
          JSON.stringify(message),
        ),
      );
    });
    parts.breakers.onChange((group, change) => void this.tellBreaker(group, change));
  }

  status(): SharedStatus {
    return {
      mode: this.mode,
      since: this.since,
      replicas: this.replicas,
      budgetShare: this.budgetShare,
      lastError: this.lastError,
      answers: { ...this.counts },
    };
  }

  async ping(): Promise<boolean> {
    if (!this.client || this.closed) return false;
    try {
      await this.client.ping();
      return true;
    } catch {
      return false;
    }
  }

  async answer(key: string): Promise<SharedAnswer | null> {
    const answer = await this.read(key);
    if (answer !== null) this.counts.fromShared++;
    return answer;
  }

  async load(key: string, load: () => Promise<Loaded>): Promise<Loaded> {
    const giveUpAt = performance.now() + this.lockMs();
    for (;;) {
      if (this.mode !== 'shared') return load();
      // Listening before looking: a message sent once the lock is released cannot be missed.
      const news = this.listen(key);
      const token = `${this.id}:${++this.seq}`;
      const reply = await this.run((c) =>
        c.eval(
          LOOK_OR_LOCK,
          2,
          this.answerKey(key),
          this.lockKey(key),
          token,
          this.opts.ticker.now(),
          this.lockMs(),
        ),
      );
      const look = lookSchema.safeParse(reply);
      if (!look.success) {
        news.stop();
        return load();
      }
      const [step, detail] = look.data;
      if (step === 'found') {
        news.stop();
        const answer = answerFrom(pairs(detail));
        if (answer === null) return load();
        this.counts.fromShared++;
        return { answer };
      }
      if (step === 'lead') {
        news.stop();
        return this.lead(key, token, load);
      }
      const heard = await news.next(Math.max(1, Math.min(detail > 0 ? detail : POLL_MS, POLL_MS)));
      news.stop();
      const got = heard?.type === 'answer' ? await this.resultOf(key, heard) : null;
      if (got !== null) {
        this.counts.joined++;
        return got;
      }
      // Not heard (a poll, or the lock expired with its holder): look again, unless waiting is over.
      if (heard?.type === 'local' || performance.now() > giveUpAt) return load();
    }
  }

  /**
   * The shared budget (see TAKE_TOKEN); null when Redis does not answer. A grant that reaches this
   * replica late is still good: Redis counts it until `written` says when it went.
   */
  async take(id: string): Promise<number | null> {
    const { ratePerSecond, burst, unwrittenHoldMs } = this.opts.budget;
    const reply = await this.run((c) =>
      c.eval(
        TAKE_TOKEN,
        2,
        this.keys.bucket,
        this.keys.grants,
        ratePerSecond,
        burst,
        this.windowMs(),
        this.member(id),
        unwrittenHoldMs,
      ),
    );
    return typeof reply === 'number' ? reply : null;
  }

  /**
   * A granted call was written (or will not be made). Not awaited: should Redis not hear of it, the grant
   * stays counted as unwritten until its hold ends, which errs on the safe side.
   */
  written(id: string, made: boolean): void {
    void this.run((c) =>
      c.eval(WRITTEN, 1, this.keys.grants, this.member(id), made ? 1 : 0, this.windowMs()),
    );
  }

  private member(id: string): string {
    return `${this.id}:${id}`;
  }

  private windowMs(): number {
    return WINDOW_MS + this.opts.budget.windowMarginMs;
  }

  private answerKey(key: string): string {
    return `${this.opts.keyPrefix}answer:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.opts.keyPrefix}lock:${key}`;
  }

  private lockMs(): number {
    return this.opts.loadDeadlineMs + LOCK_MARGIN_MS;
  }

  /** A command in shared mode; null in local mode, and a failure switches to local mode. */
  private async run<T>(command: (client: Redis) => Promise<T>): Promise<T | null> {
    const client = this.client;
    if (this.mode !== 'shared' || client === null) return null;
    try {
      return await command(client);
    } catch (err) {
      this.leave(err);
      return null;
    }
  }

  /** The stored answer for `key` if it is not past its staleUntil. */
  private async read(key: string): Promise<SharedAnswer | null> {
    const fields = await this.run((c) => c.hgetall(this.answerKey(key)));
    const answer = fields === null ? null : answerFrom(fields);
    return answer !== null && this.opts.ticker.now() < answer.staleUntil ? answer : null;
  }

  /** What a waiting load takes from the loading replica's message; null: look again. */
  private async resultOf(key: string, heard: AnswerMessage): Promise<Loaded | null> {
    if (heard.stored) {
      const answer = await this.read(key);
      return answer === null ? null : { answer };
    }
    const outcome = heard.passOn ? fromWire(heard.passOn) : null;
    return outcome === null ? null : { passOn: outcome };
  }

  /** This replica loads `key` for everyone: store what it got, release the lock, tell the waiters. */
  private async lead(key: string, token: string, load: () => Promise<Loaded>): Promise<Loaded> {
    this.counts.led++;
    let loaded: Loaded | null = null;
    try {
      loaded = await load();
      return loaded;
    } finally {
      const answer = loaded !== null && 'answer' in loaded ? loaded.answer : null;
      const message: Message = {
        type: 'answer',
        from: this.id,
        key,
        stored: answer !== null,
        ...(loaded !== null && 'passOn' in loaded ? { passOn: toWire(loaded.passOn) } : {}),
      };
      const ttl = answer === null ? 0 : Math.ceil(answer.staleUntil - this.opts.ticker.now());
      await this.run((c) =>
        c.eval(
          FINISH_LOAD,
          2,
          this.answerKey(key),
          this.lockKey(key),
          token,
          this.keys.channel,
          JSON.stringify(message),
          Math.max(0, ttl),
          answer?.freshUntil ?? 0,
          ...(answer === null || ttl <= 0 ? [] : answerFields(answer)),
        ),
      );
    }
  }

  private listen(key: string): Listening {
    let heard: News | null = null;
    let wake: (() => void) | null = null;
    const listener = (news: News) => {
      heard ??= news;
      wake?.();
    };
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    const listeners = set;
    listeners.add(listener);
    return {
      next: (ms) =>
        new Promise((resolve) => {
          if (heard) return resolve(heard);
          const timer = setTimeout(() => {
            wake = null;
            resolve(null);
          }, ms);
          wake = () => {
            clearTimeout(timer);
            wake = null;
            resolve(heard);
          };
        }),
      stop: () => {
        listeners.delete(listener);
        if (listeners.size === 0 && this.listeners.get(key) === listeners) this.listeners.delete(key);
      },
    };
  }

  private tellWaiters(news: News): void {
    for (const set of [...this.listeners.values()]) for (const listener of [...set]) listener(news);
  }

  private hear(text: string): void {
    const parsed = messageSchema.safeParse(parseJson(text));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === 'answer') {
      for (const listener of [...(this.listeners.get(message.key) ?? [])]) listener(message);
      return;
    }
    const parts = this.parts;
    if (message.from === this.id || parts === null) return;
    if (message.type === 'pause') parts.pauses.pausedElsewhere(message.operation, message.ms);
    else if (message.type === 'breaker-open')
      parts.breakers.openedElsewhere(message.group, message.ms, message.detail);
    else parts.breakers.closedElsewhere(message.group);
  }

  private async tellBreaker(group: string, change: BreakerChange): Promise<void> {
    if (change.state === 'open') {
      const { ms, detail } = change;
      const message: Message = { type: 'breaker-open', from: this.id, group, ms, detail };
      await this.run((c) =>
        c.eval(EXTEND_DEADLINE, 1, this.keys.breakers, group, ms, this.keys.channel, JSON.stringify(message)),
      );
    } else {
      const message: Message = { type: 'breaker-closed', from: this.id, group };
      await this.run((c) =>
        c.eval(DROP_DEADLINE, 1, this.keys.breakers, group, this.keys.channel, JSON.stringify(message)),
      );
    }
  }

  /** Both connections ready: subscribe, catch up with pauses and breakers, and share again. */
  private join(): Promise<void> {
    this.joining ??= this.rejoin().finally(() => {
      this.joining = null;
    });
    return this.joining;
  }

  private async rejoin(): Promise<void> {
    const { client, sub, parts } = this;
    if (this.closed || client?.status !== 'ready' || sub?.status !== 'ready') return;
    try {
      await sub.subscribe(this.keys.channel);
      const before = this.replicas;
      await this.countReplicas(client);
      this.settlingWith = Math.max(before, this.replicas);
      const pauses = await client.eval(READ_DEADLINES, 1, this.keys.pauses);
      for (const [name, ms] of deadlines(pauses)) {
        parts?.pauses.pausedElsewhere(name === GLOBAL_PAUSE ? null : name, ms);
      }
      const breakers = await client.eval(READ_DEADLINES, 1, this.keys.breakers);
      for (const [group, ms] of deadlines(breakers)) {
        parts?.breakers.openedElsewhere(group, ms, 'opened by another replica');
      }
    } catch (err) {
      this.leave(err);
      return;
    }
    this.enterShared();
  }

  private async countReplicas(client: Redis): Promise<void> {
    const count = await client.eval(HEARTBEAT, 1, this.keys.replicas, this.id, REPLICA_TTL_MS);
    if (typeof count === 'number') this.replicas = Math.max(1, count);
  }

  /** Every heartbeat: count the replicas, or try to rejoin after a failure. */
  private async beat(): Promise<void> {
    const client = this.client;
    if (this.closed || client === null) return;
    if (this.mode === 'local') return this.join();
    try {
      await this.countReplicas(client);
    } catch (err) {
      this.leave(err);
      return;
    }
    if (this.budgetShare < 1) this.settle();
  }

  /**
   * While settling: the whole shared budget once every replica of `settlingWith` has been back for a
   * window (the last one's local calls have left the window then), or once SETTLE_MAX_MS have passed.
   */
  private settle(): void {
    const now = this.opts.ticker.now();
    if (this.allBackAt === null && this.replicas >= this.settlingWith) this.allBackAt = now;
    const settled =
      (this.allBackAt !== null && now >= this.allBackAt + this.windowMs()) ||
      now >= this.since + SETTLE_MAX_MS;
    this.limitBudget(settled ? 1 : 1 / Math.max(this.settlingWith, this.replicas));
  }

  private enterShared(): void {
    if (this.mode === 'shared' || this.closed) return;
    this.mode = 'shared';
    this.since = this.opts.ticker.now();
    this.epoch++;
    this.announce({ replicas: this.replicas });
    // Settling: the shared budget, and still this replica's share (see the comment at the top); each
    // heartbeat looks whether the others are back.
    this.allBackAt = null;
    this.limitBudget(1 / this.settlingWith);
  }

  /** Redis failed: go on alone (once per failure; later errors only update `lastError`). */
  private leave(err: unknown): void {
    this.noteError(err);
    this.tellWaiters({ type: 'local' });
    if (this.closed || (this.mode === 'local' && this.announced === 'local')) return;
    this.mode = 'local';
    this.since = this.opts.ticker.now();
    this.epoch++;
    this.announce({ replicas: this.replicas, error: this.lastError?.detail });
    this.limitBudget(1 / this.replicas, this.windowMs());
  }

  private announce(fields: object): void {
    this.announced = this.mode;
    const share = `1/${this.replicas} of the upstream budget`;
    if (this.mode === 'shared') {
      this.opts.log.info(fields, 'shared state: Redis answers; cache, budget, pauses and breakers shared');
    } else {
      this.opts.log.warn(fields, `shared state: Redis unreachable; going on alone (own cache, ${share})`);
    }
  }

  /** Shared mode: the shared budget and `share` of the rate; local mode: `share` alone, after `holdMs`. */
  private limitBudget(share: number, holdMs?: number): void {
    this.budgetShare = share;
    const budget = this.parts?.budget;
    if (!budget) return;
    if (this.mode === 'shared') budget.limit({ gate: this, share });
    else budget.limit({ gate: null, share, ...(holdMs === undefined ? {} : { holdMs }) });
  }

  private noteError(err: unknown): void {
    this.lastError = { at: this.opts.ticker.now(), detail: detailOf(err) };
  }
}

/** [name, ms left] pairs from READ_DEADLINES. */
function deadlines(reply: unknown): [string, number][] {
  const parsed = deadlinesSchema.safeParse(reply);
  if (!parsed.success) return [];
  const out: [string, number][] = [];
  for (let i = 0; i + 1 < parsed.data.length; i += 2) {
    const name = parsed.data[i];
    const ms = parsed.data[i + 1];
    if (typeof name === 'string' && typeof ms === 'number') out.push([name, ms]);
  }
  return out;
}
