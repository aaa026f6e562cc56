import { randomFillSync } from 'node:crypto';

/*
 * Random bytes drawn 4 kB at a time: one call into the system's generator per 256 ids instead
 * of one per id (a registration makes 93 ids, and per-id calls were 6 % of the API's CPU).
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let poolOffset = POOL_BYTES;

function randomSlice(length: number): Buffer {
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + length));
  poolOffset += length;
  return bytes;
}

let lastMs = 0;
let counter = 0;

/**
 * A new id: a UUID version 7 (RFC 9562), the time in milliseconds first, then a counter and
 * random bits. Ids made later sort later, so the b-tree indexes on them (`events.event_id`,
 * `patient_procedures.id`, `audit_log.event_id`, …) grow at their right edge instead of
 * touching a random page per row: a registration's 93 procedures land on one or two pages,
 * which PostgreSQL keeps in memory and writes to the WAL once. Within one millisecond a
 * 12-bit counter keeps this process's ids in order; the 62 random bits keep them unique
 * across processes.
 */
export function newId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else {
    counter += 1;
    // 4,096 ids in one millisecond: borrow the next one (never goes backwards).
    if (counter > 0xfff) {
      lastMs += 1;
      counter = 0;
    }
  }
  const bytes = randomSlice(16);
  const ms = lastMs;
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | (counter >>> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
