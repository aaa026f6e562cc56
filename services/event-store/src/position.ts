import type { GlobalPosition } from './port.ts';

const CHECKPOINT = /^(\d+)\/(\d+)$/;

/** Serialises a position as the opaque text stored in projection checkpoints (`commit/prepare`). */
export function toCheckpoint(position: GlobalPosition): string {
  return `${position.commit}/${position.prepare}`;
}

/** Parses a checkpoint written by `toCheckpoint`; throws on anything else. */
export function fromCheckpoint(text: string): GlobalPosition {
  const match = CHECKPOINT.exec(text);
  if (!match) throw new Error(`Not an event-store checkpoint: "${text}"`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

/** Orders positions as the global log does: by commit, then prepare. */
export function comparePositions(a: GlobalPosition, b: GlobalPosition): -1 | 0 | 1 {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** PostgreSQL has a single global sequence, so commit and prepare are both that number. */
export function postgresPosition(globalPosition: bigint): GlobalPosition {
  return { commit: globalPosition, prepare: globalPosition };
}
