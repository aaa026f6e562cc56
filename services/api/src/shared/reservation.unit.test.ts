import { describe, expect, it } from 'vitest';
import { RESERVATION_GRACE_MS, decideReservation } from './reservation.ts';

const RESERVED_AT = '2025-06-01T12:00:00.000Z';
const after = (ms: number) => new Date(Date.parse(RESERVED_AT) + ms).toISOString();
const heldByA = { holderId: 'a', reservedAt: RESERVED_AT };

describe('decideReservation', () => {
  it('given a free value, then it is reserved', () => {
    expect(decideReservation(undefined, { holderId: 'b', now: RESERVED_AT, standing: 'holding' })).toEqual({
      action: 'reserve',
    });
  });

  it('given the same holder asking again (a retry), then nothing is appended', () => {
    expect(decideReservation(heldByA, { holderId: 'a', now: after(1), standing: 'holding' })).toEqual({
      action: 'already_held',
    });
  });

  it('given a deleted holder, then the value is reclaimed at once', () => {
    expect(decideReservation(heldByA, { holderId: 'b', now: after(1), standing: 'deleted' })).toEqual({
      action: 'reclaim',
      reason: 'deleted',
    });
  });

  it.each(['moved_on', 'never_written'] as const)(
    'given a holder %s, then it is refused within the grace period and reclaimed after it',
    (standing) => {
      const within = { holderId: 'b', now: after(RESERVATION_GRACE_MS - 1), standing };
      expect(decideReservation(heldByA, within)).toEqual({ action: 'refuse' });
      const over = { holderId: 'b', now: after(RESERVATION_GRACE_MS), standing };
      expect(decideReservation(heldByA, over)).toEqual({
        action: 'reclaim',
        reason: standing === 'moved_on' ? 'moved_on' : 'orphaned',
      });
    },
  );

  it('given a holder still using the value, then it is refused however old the reservation', () => {
    const request = { holderId: 'b', now: after(RESERVATION_GRACE_MS * 100), standing: 'holding' as const };
    expect(decideReservation(heldByA, request)).toEqual({ action: 'refuse' });
  });
});
