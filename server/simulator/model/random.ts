/**
 * Deterministic randomness. Everything the simulator invents is a pure function of a seed derived
 * from strings (instrument code, purpose) and integers (day, block, minute), so the same clock and
 * code always give the same numbers, whatever was asked before.
 */

/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** 10 ** digits for the usual tick digits: `round` runs for every minute of every day drawn. */
const POWERS_OF_TEN: readonly number[] = [1, 10, 100, 1000, 10_000];

/** Integer avalanche (lowbias32): every input bit affects every output bit. */
function avalanche(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Combine a seed with an integer (day number, block, minute ...) into a new 32-bit seed. */
export function mix(seed: number, value: number): number {
  return avalanche((seed ^ avalanche((value + 0x9e3779b9) | 0)) >>> 0);
}

/** A seed combined with several integers. */
export function mixAll(seed: number, ...values: readonly number[]): number {
  let h = seed;
  for (const v of values) h = mix(h, v);
  return h;
}

/** A seed as a float in [0, 1). */
export function unit(seed: number): number {
  return seed / 4294967296;
}

/** A seed as a float in [-1, 1] with a triangular shape (sum of two uniforms): small values are common. */
export function tri(seed: number): number {
  return unit(seed) + unit(avalanche(seed ^ 0x5bd1e995)) - 1;
}

/** mulberry32: a small, fast generator with a 32-bit state. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stream of deterministic draws. */
export class Rng {
  private readonly draw: () => number;

  constructor(seed: number) {
    this.draw = mulberry32(seed);
  }

  /** Seeded by strings and numbers, e.g. `Rng.of('600519.SH', 'dividend', 2024)`. */
  static of(...parts: readonly (string | number)[]): Rng {
    return new Rng(fnv1a(parts.join('|')));
  }

  next(): number {
    return this.draw();
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.draw();
  }

  /** Integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.draw());
  }

  chance(p: number): boolean {
    return this.draw() < p;
  }

  /** Standard normal (Box-Muller), clipped to ±4 so no draw is absurd. */
  normal(): number {
    const u = Math.max(this.draw(), 1e-12);
    const v = this.draw();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.max(-4, Math.min(4, z));
  }

  /** Log-normal with the given median and log-sigma. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.draw() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** Pick with weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.draw() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      const item = items[i];
      if (r < 0 && item !== undefined) return item;
    }
    return this.pick(items);
  }

  /** Fisher-Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.draw() * (i + 1));
      const a = out[i];
      const b = out[j];
      if (a === undefined || b === undefined) continue;
      out[i] = b;
      out[j] = a;
    }
    return out;
  }
}

/** Element `i` of an array that is known to have it (noUncheckedIndexedAccess without `!`). */
export function at<T>(items: ArrayLike<T>, i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`index ${i} outside 0..${items.length - 1}`);
  return item;
}

/** Round half away from zero to `digits` decimals, robust to binary representation (1.005 → 1.01). */
export function round(x: number, digits: number): number {
  const f = POWERS_OF_TEN[digits] ?? 10 ** digits;
  const scaled = Math.abs(x) * f;
  const r = Math.round(scaled + scaled * Number.EPSILON * 4) / f;
  return x < 0 ? -r : r;
}
