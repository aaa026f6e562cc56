import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@bari/contracts';
import { DuplicateEventIds, WrongExpectedVersion } from '../errors.ts';
import { comparePositions } from '../position.ts';
import type { EventStore, EventToAppend, ExpectedRevision, GlobalPosition, RecordedEvent } from '../port.ts';
import { sleep, testEvents as events, waitUntil } from './test-support.ts';

// Explicit, because a vitest project does not inherit the root config's testTimeout.
const WAITING_TEST_TIMEOUT_MS = 30_000;

export interface EventStoreUnderTest {
  readonly store: EventStore;
  teardown(): Promise<void>;
}

export interface ContractOptions {
  /** When set, every case is reported as skipped and the reason is in the suite's name. */
  readonly skipReason?: string | undefined;
  /** Time allowed for `setup` (starting a container takes a while). */
  readonly setupTimeoutMs?: number;
}

/**
 * The behaviour every EventStore adapter must show. Stream names carry a random suffix and
 * global-log checks only look at this suite's streams, so it can run against a shared server.
 */
export function describeEventStoreContract(
  label: string,
  setup: () => Promise<EventStoreUnderTest>,
  options: ContractOptions = {},
): void {
  const title = options.skipReason ? `${label} (skipped: ${options.skipReason})` : label;
  describe.skipIf(Boolean(options.skipReason))(title, () => {
    let subject: EventStoreUnderTest | undefined;
    const store = (): EventStore => {
      if (!subject) throw new Error('The contract suite set-up did not run');
      return subject.store;
    };
    const run = randomUUID().slice(0, 8);
    let counter = 0;
    const streamName = (kind: string): string => `${kind}-${run}-${(counter += 1)}`;

    beforeAll(async () => {
      subject = await setup();
    }, options.setupTimeoutMs);
    afterAll(async () => {
      await subject?.teardown();
    });

    describe('expected revision', () => {
      it('no_stream creates a new stream', async () => {
        const stream = streamName('no-stream');
        const result = await store().appendToStream(stream, events(3), 'no_stream');
        expect(result.nextRevision).toBe(2n);
        expect(await revisions(store(), stream)).toEqual([0n, 1n, 2n]);
      });

      it('no_stream on an existing stream fails with the actual revision', async () => {
        const stream = await existingStream(store(), streamName('no-stream-existing'), 2);
        await expectWrongExpectedVersion(store().appendToStream(stream, events(1), 'no_stream'), {
          streamId: stream,
          expected: 'no_stream',
          actual: 1n,
        });
      });

      it('stream_exists on a missing stream fails with no_stream', async () => {
        const stream = streamName('exists-missing');
        await expectWrongExpectedVersion(store().appendToStream(stream, events(1), 'stream_exists'), {
          streamId: stream,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        expect(await store().readStream(stream)).toEqual([]);
      });

      it('stream_exists on an existing stream appends', async () => {
        const stream = await existingStream(store(), streamName('exists'), 2);
        const result = await store().appendToStream(stream, events(2), 'stream_exists');
        expect(result.nextRevision).toBe(3n);
      });

      it('any appends to a missing and to an existing stream', async () => {
        const stream = streamName('any');
        expect((await store().appendToStream(stream, events(1), 'any')).nextRevision).toBe(0n);
        expect((await store().appendToStream(stream, events(2), 'any')).nextRevision).toBe(2n);
        expect(await revisions(store(), stream)).toEqual([0n, 1n, 2n]);
      });

      it('an exact revision appends when it is the current one', async () => {
        const stream = await existingStream(store(), streamName('exact'), 2);
        const result = await store().appendToStream(stream, events(1), 1n);
        expect(result.nextRevision).toBe(2n);
      });

      it('a wrong exact revision fails with the actual revision and writes nothing', async () => {
        const stream = await existingStream(store(), streamName('exact-wrong'), 3);
        for (const expected of [0n, 1n, 3n]) {
          await expectWrongExpectedVersion(store().appendToStream(stream, events(1), expected), {
            streamId: stream,
            expected,
            actual: 2n,
          });
        }
        expect(await revisions(store(), stream)).toEqual([0n, 1n, 2n]);
      });

      it('an exact revision on a missing stream fails with no_stream', async () => {
        const stream = streamName('exact-missing');
        await expectWrongExpectedVersion(store().appendToStream(stream, events(1), 0n), {
          streamId: stream,
          expected: 0n,
          actual: 'no_stream',
        });
      });
    });

    describe('reading a stream', () => {
      it('reads a missing stream as empty, in both directions', async () => {
        const stream = streamName('missing');
        expect(await store().readStream(stream)).toEqual([]);
        expect(await store().readStream(stream, { direction: 'backwards' })).toEqual([]);
      });

      it('reads forwards, backwards, from a revision and up to a count', async () => {
        // 12 events, so that an order by text instead of number ("10" < "9") shows.
        const stream = await existingStream(store(), streamName('read'), 12);
        const read = async (options: Parameters<EventStore['readStream']>[1]): Promise<bigint[]> =>
          (await store().readStream(stream, options)).map((event) => event.revision);
        const all = Array.from({ length: 12 }, (_unused, index) => BigInt(index));
        expect(await read({})).toEqual(all);
        expect(await read({ direction: 'backwards' })).toEqual([...all].reverse());
        expect(await read({ fromRevision: 8n })).toEqual([8n, 9n, 10n, 11n]);
        expect(await read({ direction: 'backwards', fromRevision: 2n })).toEqual([2n, 1n, 0n]);
        expect(await read({ maxCount: 2 })).toEqual([0n, 1n]);
        expect(await read({ direction: 'backwards', maxCount: 3 })).toEqual([11n, 10n, 9n]);
        expect(await read({ fromRevision: 9n, maxCount: 2 })).toEqual([9n, 10n]);
        expect(await read({ direction: 'backwards', fromRevision: 10n, maxCount: 2 })).toEqual([10n, 9n]);
        expect(await read({ fromRevision: 12n })).toEqual([]);
      });

      it('round-trips id, type, data and metadata', async () => {
        const stream = streamName('round-trip');
        const sent: EventToAppend = {
          id: randomUUID(),
          type: 'PatientRegistered',
          data: { name: 'Maria da Silva', cpf: '52998224725', weights: [120.5, 118], nested: { ok: true } },
          metadata: {
            userId: 'user-1',
            userEmail: 'enfermeira@example.com',
            clientIp: '10.0.0.7',
            correlationId: randomUUID(),
            timestamp: '2025-03-01T12:34:56.789Z',
          },
        };
        const before = Date.now();
        const result = await store().appendToStream(stream, [sent], 'no_stream');
        const [stored] = await store().readStream(stream);
        expect(stored).toMatchObject({
          id: sent.id,
          streamId: stream,
          revision: 0n,
          type: sent.type,
          data: sent.data,
          metadata: sent.metadata,
          position: result.position,
        });
        expect(stored?.createdAt).toBeInstanceOf(Date);
        // Generous: the server's clock is not ours.
        expect(Math.abs(stored!.createdAt.getTime() - before)).toBeLessThan(5 * 60_000);
      });

      it('keeps null metadata fields of system actions', async () => {
        const stream = streamName('system-metadata');
        const metadata: EventMetadata = {
          userId: null,
          userEmail: null,
          clientIp: null,
          correlationId: 'initialize',
          timestamp: '2025-03-01T09:00:00.000-03:00',
        };
        await store().appendToStream(
          stream,
          [{ id: randomUUID(), type: 'SystemInitialized', data: {}, metadata }],
          'no_stream',
        );
        expect((await store().readStream(stream))[0]?.metadata).toEqual(metadata);
      });
    });

    describe('the global log', () => {
      it(
        'reads many streams in batches: positions strictly increase and nothing is missing',
        async () => {
          const start = await store().headPosition();
          const appended: { streamId: string; position: GlobalPosition }[] = [];
          const streams = Array.from({ length: 12 }, () => streamName('global'));
          for (let round = 0; round < 3; round += 1) {
            for (const [index, stream] of streams.entries()) {
              const count = 1 + ((index + round) % 3);
              const result = await store().appendToStream(
                stream,
                events(count),
                round === 0 ? 'no_stream' : 'stream_exists',
              );
              appended.push({ streamId: stream, position: result.position });
            }
          }
          const mine = new Set(streams);
          const read = await readAllInBatches(store(), start, 7);
          assertStrictlyIncreasing(read);
          const ours = read.filter((event) => mine.has(event.streamId));
          const expectedCount = streams.reduce(
            (total, _stream, index) =>
              total + [0, 1, 2].reduce((sum, round) => sum + 1 + ((index + round) % 3), 0),
            0,
          );
          expect(ours).toHaveLength(expectedCount);
          expect(new Set(ours.map((event) => event.id)).size).toBe(expectedCount);
          for (const stream of streams) {
            const revisionsRead = ours
              .filter((event) => event.streamId === stream)
              .map((event) => event.revision);
            expect(revisionsRead).toEqual(revisionsRead.map((_revision, index) => BigInt(index)));
          }
          // Each append's reported position is its last event's position in the log.
          for (const { streamId, position } of appended) {
            expect(
              ours.some(
                (event) => event.streamId === streamId && comparePositions(event.position, position) === 0,
              ),
            ).toBe(true);
          }
          const head = await store().headPosition();
          expect(head).toBeDefined();
          expect(comparePositions(head!, appended.at(-1)!.position)).toBeGreaterThanOrEqual(0);
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it('reads strictly after a position', async () => {
        const stream = streamName('after');
        const first = await store().appendToStream(stream, events(1), 'no_stream');
        await store().appendToStream(stream, events(2), 0n);
        const read = (await store().readAll({ after: first.position, maxCount: 1000 })).filter(
          (event) => event.streamId === stream,
        );
        expect(read.map((event) => event.revision)).toEqual([1n, 2n]);
        for (const event of await store().readAll({ after: first.position, maxCount: 5 })) {
          expect(comparePositions(event.position, first.position)).toBe(1);
        }
      });
    });

    describe('idempotent appends', () => {
      it('a retry with the same ids but other content is refused, and writes nothing', async () => {
        const stream = streamName('retry-changed');
        const batch = events(2);
        await store().appendToStream(stream, batch, 'no_stream');
        const changed = batch.map((event) => ({
          ...event,
          data: { ...(event.data as object), changed: true },
        }));
        await expect(store().appendToStream(stream, changed, 'no_stream')).rejects.toBeInstanceOf(
          DuplicateEventIds,
        );
        const stored = await store().readStream(stream);
        expect(stored.map((event) => event.data)).toEqual(batch.map((event) => event.data));
      });

      it("the position an append of several events returns is its last event's", async () => {
        const stream = streamName('positions');
        await store().appendToStream(stream, events(1), 'no_stream');
        const result = await store().appendToStream(stream, events(3), 0n);
        const stored = await store().readStream(stream);
        expect(stored).toHaveLength(4);
        expect(comparePositions(result.position, stored[3]!.position)).toBe(0);
        expect(comparePositions(result.position, stored[1]!.position)).toBe(1);
        expect(result.nextRevision).toBe(3n);
      });

      it('a retried append with the same event ids is written once', async () => {
        const stream = streamName('retry');
        const batch = events(2);
        const original = await store().appendToStream(stream, batch, 'no_stream');
        const retried = await store().appendToStream(stream, batch, 'no_stream');
        expect(retried.nextRevision).toBe(original.nextRevision);
        const next = events(1);
        const third = await store().appendToStream(stream, next, 1n);
        expect((await store().appendToStream(stream, next, 1n)).nextRevision).toBe(third.nextRevision);
        const stored = await store().readStream(stream);
        expect(stored.map((event) => event.id)).toEqual([...batch, ...next].map((event) => event.id));
      });
    });

    describe('concurrency', () => {
      it(
        'two concurrent appends to one stream with the same expected revision: exactly one wins',
        async () => {
          for (let round = 0; round < 5; round += 1) {
            const fresh = streamName('race-new');
            await expectOneWinner(store(), fresh, 'no_stream', 0n);
            const existing = await existingStream(store(), streamName('race'), 1);
            await expectOneWinner(store(), existing, 0n, 1n);
          }
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        '8 concurrent appenders while a subscriber runs: every event once, in position order',
        async () => {
          const start = await store().headPosition();
          const received: RecordedEvent[] = [];
          const errors: unknown[] = [];
          const subscription = store().subscribeToAll({
            after: start,
            onEvent: (event) => {
              received.push(event);
            },
            onError: (error) => errors.push(error),
          });
          try {
            const appenders = 8;
            const appendsEach = 15;
            const streams = Array.from({ length: appenders }, () => streamName('concurrent'));
            await Promise.all(
              streams.map(async (stream) => {
                for (let append = 0; append < appendsEach; append += 1) {
                  const expected: ExpectedRevision = append === 0 ? 'no_stream' : BigInt(append * 2 - 1);
                  await store().appendToStream(stream, events(2), expected);
                }
              }),
            );
            const mine = new Set(streams);
            const expectedCount = appenders * appendsEach * 2;
            const ours = (): RecordedEvent[] => received.filter((event) => mine.has(event.streamId));
            await waitUntil(() => ours().length >= expectedCount || errors.length > 0, 20_000);
            expect(errors).toEqual([]);
            assertStrictlyIncreasing(received);
            expect(ours()).toHaveLength(expectedCount);
            expect(new Set(ours().map((event) => event.id)).size).toBe(expectedCount);
            // The subscriber saw exactly what a reader of the log sees, in the same order.
            const log = (await readAllInBatches(store(), start, 50)).filter((event) =>
              mine.has(event.streamId),
            );
            expect(ours().map((event) => event.id)).toEqual(log.map((event) => event.id));
          } finally {
            await subscription.stop();
          }
        },
        WAITING_TEST_TIMEOUT_MS,
      );
    });

    describe('subscriptions', () => {
      it(
        'watchAppends gives a cue after each append, and none once stopped',
        async () => {
          const stream = streamName('watch');
          let cues = 0;
          const watch = store().watchAppends({ onAppended: () => (cues += 1) });
          try {
            await sleep(200);
            const before = cues;
            await store().appendToStream(stream, events(1), 'no_stream');
            await waitUntil(() => cues > before, 10_000);
          } finally {
            await watch.stop();
          }
          const stopped = cues;
          await store().appendToStream(stream, events(1), 0n);
          await sleep(300);
          expect(cues).toBe(stopped);
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        'a watch whose cue throws stops, and the error goes to onError, not to the append',
        async () => {
          const stream = streamName('watch-throws');
          let cues = 0;
          const errors: unknown[] = [];
          const watch = store().watchAppends({
            onAppended: () => {
              cues += 1;
              throw new Error('cue failed');
            },
            onError: (error) => errors.push(error),
          });
          try {
            await sleep(200);
            await store().appendToStream(stream, events(1), 'no_stream');
            await waitUntil(() => errors.length > 0, 10_000);
            expect(errors).toEqual([new Error('cue failed')]);
            const stoppedAt = cues;
            await store().appendToStream(stream, events(1), 0n);
            await sleep(300);
            expect(cues).toBe(stoppedAt);
          } finally {
            await watch.stop();
          }
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        'from a checkpoint delivers only later events, then live ones',
        async () => {
          const stream = streamName('checkpoint');
          const earlier = await store().appendToStream(stream, events(3), 'no_stream');
          const later = events(2);
          await store().appendToStream(stream, later, 2n);
          const received: RecordedEvent[] = [];
          const subscription = store().subscribeToAll({
            after: earlier.position,
            onEvent: (event) => {
              if (event.streamId === stream) received.push(event);
            },
          });
          try {
            await waitUntil(() => received.length >= 2, 10_000);
            const live = events(1);
            await store().appendToStream(stream, live, 4n);
            await waitUntil(() => received.length >= 3, 10_000);
            await sleep(200);
            expect(received.map((event) => event.id)).toEqual([...later, ...live].map((event) => event.id));
          } finally {
            await subscription.stop();
          }
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        'stop() waits for the running handler and nothing is delivered after it',
        async () => {
          const stream = streamName('stop');
          const start = await store().headPosition();
          await store().appendToStream(stream, events(3), 'no_stream');
          let entered = 0;
          let finished = 0;
          const subscription = store().subscribeToAll({
            after: start,
            onEvent: async (event) => {
              if (event.streamId !== stream) return;
              entered += 1;
              await sleep(300);
              finished += 1;
            },
          });
          await waitUntil(() => entered === 1, 10_000);
          await subscription.stop();
          expect(finished).toBe(1);
          await sleep(400);
          expect(entered).toBe(1);
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        'a handler that throws stops the subscription and reports the error',
        async () => {
          const stream = streamName('failing');
          const start = await store().headPosition();
          await store().appendToStream(stream, events(3), 'no_stream');
          let calls = 0;
          const failure = new Error('handler failed');
          const reported = new Promise<unknown>((resolve) => {
            store().subscribeToAll({
              after: start,
              onEvent: (event) => {
                if (event.streamId !== stream) return;
                calls += 1;
                throw failure;
              },
              onError: resolve,
            });
          });
          expect(await reported).toBe(failure);
          await sleep(200);
          expect(calls).toBe(1);
        },
        WAITING_TEST_TIMEOUT_MS,
      );

      it(
        'a handler may stop its own subscription',
        async () => {
          const stream = streamName('self-stop');
          const start = await store().headPosition();
          await store().appendToStream(stream, events(3), 'no_stream');
          const seen: bigint[] = [];
          let stopping: Promise<void> | undefined;
          const subscription = store().subscribeToAll({
            after: start,
            onEvent: async (event) => {
              if (event.streamId !== stream) return;
              seen.push(event.revision);
              stopping = subscription.stop();
              await stopping;
            },
          });
          await waitUntil(() => stopping !== undefined, 10_000);
          await stopping;
          await sleep(300);
          expect(seen).toEqual([0n]);
        },
        WAITING_TEST_TIMEOUT_MS,
      );
    });
  });
}

async function existingStream(store: EventStore, stream: string, count: number): Promise<string> {
  await store.appendToStream(stream, events(count), 'no_stream');
  return stream;
}

async function revisions(store: EventStore, stream: string): Promise<bigint[]> {
  return (await store.readStream(stream)).map((event) => event.revision);
}

async function expectWrongExpectedVersion(
  append: Promise<unknown>,
  expected: Pick<WrongExpectedVersion, 'streamId' | 'expected' | 'actual'>,
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(WrongExpectedVersion);
  expect(error).toMatchObject(expected);
}

async function expectOneWinner(
  store: EventStore,
  stream: string,
  expected: ExpectedRevision,
  actualAfterWin: bigint,
): Promise<void> {
  const contenders = [events(1), events(1)];
  const outcomes = await Promise.allSettled(
    contenders.map((batch) => store.appendToStream(stream, batch, expected)),
  );
  const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(winners).toHaveLength(1);
  expect(losers).toHaveLength(1);
  expect(losers[0]!.reason).toBeInstanceOf(WrongExpectedVersion);
  expect(losers[0]!.reason).toMatchObject({ streamId: stream, expected, actual: actualAfterWin });
  const stored = await store.readStream(stream);
  const winner = contenders[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')]!;
  expect(stored.at(-1)?.id).toBe(winner[0]!.id);
  expect(stored.at(-1)?.revision).toBe(actualAfterWin);
}

async function readAllInBatches(
  store: EventStore,
  after: GlobalPosition | undefined,
  batchSize: number,
): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const batch = await store.readAll({ after: position, maxCount: batchSize });
    expect(batch.length).toBeLessThanOrEqual(batchSize);
    all.push(...batch);
    if (batch.length < batchSize) return all;
    position = batch.at(-1)!.position;
  }
}

function assertStrictlyIncreasing(events: readonly RecordedEvent[]): void {
  for (let index = 1; index < events.length; index += 1) {
    expect(comparePositions(events[index - 1]!.position, events[index]!.position)).toBe(-1);
  }
}
