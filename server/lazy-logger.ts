import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

/** What a log method takes: an object or a message, then a message and its format arguments. */
type LogArgs = [obj: unknown, msg?: string, ...args: unknown[]];

/**
 * A request's logger (`request.log`), made when the request first logs through it. Fastify makes one
 * child logger per request, and a pino child serialises its bindings (the request id) through the
 * redaction paths at once; most requests (every cache hit) never log through theirs: their one access
 * line is written by app.ts's own logger. The real child is made on first use, with the same bindings
 * and options, so whatever is logged reads exactly as before.
 */
export class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }

  error(...args: LogArgs): void {
    this.real.error(...args);
  }

  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }

  info(...args: LogArgs): void {
    this.real.info(...args);
  }

  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }

  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }

  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }
}

/** Fastify's `childLoggerFactory`: the per-request child, made lazily. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
