import { seededRandom } from '@bari/contracts/testing';

/**
 * A small seeded PRNG (mulberry32): the benchmark's data set must be the same on every run
 * with the same `--seed`, whatever order the parallel clients happen to take.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export function createRandom(seed: number): Random {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[int(0, items.length - 1)]!;
    },
  };
}

/**
 * One independent stream per (seed, index): patient 1234 gets the same data whichever client
 * registers it, and in whatever order.
 */
export function randomFor(seed: number, index: number): Random {
  let hash = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  hash = Math.imul(hash ^ (hash >>> 16), 0x27d4eb2d);
  return createRandom(hash ^ (hash >>> 15));
}

/** `count` distinct items of `items`, chosen by `random` (partial Fisher–Yates). */
export function sample<T>(random: Random, items: readonly T[], count: number): T[] {
  const copy = [...items];
  const size = Math.min(count, copy.length);
  for (let index = 0; index < size; index += 1) {
    const other = random.int(index, copy.length - 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy.slice(0, size);
}
