/**
 * The Lua scripts the replicas run in Redis. Each runs atomically, and every time in them is Redis's own
 * (`TIME`), so replicas whose clocks disagree still agree on the budget, the pauses and the breakers.
 * (Answers carry the loading replica's own lifetimes: those are compared with each replica's clock.)
 */

/** How soon a replica asks again when the call whose place it needs has not been written yet. */
const UNWRITTEN_POLL_MS = 20;

/** Redis's clock in milliseconds. */
const NOW = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
`;

/**
 * The shared upstream budget: a token bucket (`burst` tokens, refilled at `rate` per second) and, on
 * top, at most `rate` calls in any window of `window` ms, as the local Budget keeps for one replica
 * (see budget.ts: a call counts from its grant until it is written, then for the window).
 * KEYS: the bucket (hash: tokens, at), the calls of the last window (sorted set: member → Redis ms).
 * ARGV: rate, burst, window ms, a member naming this grant, how long a grant may stay unwritten (ms).
 * A grant is stored as written at the latest moment it can be (now + that hold) until WRITTEN says when
 * it was: a score in the future means "not written yet", counted in every window meanwhile.
 * Returns 0 when the call may go (it is counted), else the ms to wait before asking again.
 */
export const TAKE_TOKEN = `${NOW}
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local hold = tonumber(ARGV[5])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
local wait = 0
if tokens < 1 then wait = math.ceil((1 - tokens) * 1000 / rate) end
local count = redis.call('ZCARD', KEYS[2])
if count >= rate then
  local oldest = redis.call('ZRANGE', KEYS[2], count - rate, count - rate, 'WITHSCORES')
  local score = tonumber(oldest[2])
  -- Not written yet: its place frees a window after it is; ask again soon.
  if score > now then wait = math.max(wait, ${UNWRITTEN_POLL_MS})
  else wait = math.max(wait, score + window - now) end
end
if wait > 0 then return wait end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens - 1), 'at', string.format('%.0f', now))
redis.call('ZADD', KEYS[2], now + hold, ARGV[4])
redis.call('PEXPIRE', KEYS[1], 60000)
redis.call('PEXPIRE', KEYS[2], hold + window * 2)
return 0
`;

/**
 * A granted call was written now (counted from now for the window), or will not be made (its place goes
 * back). KEYS: the calls (as TAKE_TOKEN). ARGV: the member, 1 (written) or 0 (not made), window ms.
 */
export const WRITTEN = `${NOW}
if ARGV[2] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[1])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[3]) * 2 then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2) end
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 1
`;

/**
 * Single flight, first step: the answer when it is fresh, else the lock to load it, else how long the
 * lock is still held by the replica loading it.
 * KEYS: the answer (hash), its lock. ARGV: lock token, now (ticker ms), lock ms.
 * Returns {'found', {field, value, ...}} | {'lead'} | {'held', ms}.
 */
export const LOOK_OR_LOCK = `
local fresh = tonumber(redis.call('HGET', KEYS[1], 'freshUntil'))
if fresh and fresh > tonumber(ARGV[2]) then return {'found', redis.call('HGETALL', KEYS[1])} end
if redis.call('SET', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[3]) then return {'lead'} end
return {'held', redis.call('PTTL', KEYS[2])}
`;

/**
 * Single flight, last step: store the answer (unless a fresher one is there), release the lock if this
 * replica still holds it, then tell the waiting replicas (after the release: a replica that found the
 * lock held is sure to hear of it).
 * KEYS: the answer, its lock. ARGV: lock token, channel, message, time to live in ms (0: nothing to
 * store), the answer's freshUntil, then its fields and values.
 */
export const FINISH_LOAD = `
local ttl = tonumber(ARGV[4])
if ttl > 0 then
  local current = tonumber(redis.call('HGET', KEYS[1], 'freshUntil'))
  if not current or current < tonumber(ARGV[5]) then
    redis.call('DEL', KEYS[1])
    redis.call('HSET', KEYS[1], unpack(ARGV, 6))
    redis.call('PEXPIRE', KEYS[1], ttl)
  end
end
if redis.call('GET', KEYS[2]) == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1
`;

/**
 * A deadline (a pause, an open breaker) that replicas starting later must honour too, then the message
 * that tells the running ones. KEYS: the deadlines (hash: name → until, Redis ms).
 * ARGV: name, ms from now, channel, message.
 */
export const EXTEND_DEADLINE = `${NOW}
local ms = tonumber(ARGV[2])
local untilMs = now + ms
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]))
if not current or current < untilMs then
  redis.call('HSET', KEYS[1], ARGV[1], string.format('%.0f', untilMs))
end
if redis.call('PTTL', KEYS[1]) < ms then redis.call('PEXPIRE', KEYS[1], ms) end
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`;

/** A deadline that ended early (a breaker closed), and the message. ARGV: name, channel, message. */
export const DROP_DEADLINE = `
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1
`;

/** The deadlines still running, as {name, ms left, ...}; ended ones are removed. KEYS: the deadlines. */
export const READ_DEADLINES = `${NOW}
local all = redis.call('HGETALL', KEYS[1])
local out = {}
for i = 1, #all, 2 do
  local left = tonumber(all[i + 1]) - now
  if left > 0 then
    out[#out + 1] = all[i]
    out[#out + 1] = left
  else
    redis.call('HDEL', KEYS[1], all[i])
  end
end
return out
`;

/**
 * This replica is alive; how many are? KEYS: the replicas (sorted set: id → last heartbeat, Redis ms).
 * ARGV: this replica's id, how long a heartbeat counts (ms).
 */
export const HEARTBEAT = `${NOW}
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('ZCARD', KEYS[1])
`;
