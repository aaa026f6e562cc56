import { GenericContainer, getContainerRuntimeClient, Wait, type StartedTestContainer } from 'testcontainers';
import {
  describeEventStoreContract,
  type EventStoreUnderTest,
} from '../src/contract/event-store-contract.ts';
import { createEventStoreDbEventStore } from '../src/index.ts';

const IMAGE = 'eventstore/eventstore:24.10';
const PROBE_TIMEOUT_MS = 4_000;

/**
 * Where to run the suite: an explicit server, a container we start, or nowhere (with the
 * reason). The architecture requires "skipped with a reason", never a silent pass.
 */
type Target =
  | { readonly kind: 'server'; readonly connectionString: string }
  | { readonly kind: 'container' }
  | { readonly kind: 'none'; readonly reason: string };

async function findTarget(): Promise<Target> {
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING?.trim();
  if (connectionString) return { kind: 'server', connectionString };
  const runtime = await probeContainerRuntime();
  if (runtime === true) return { kind: 'container' };
  return { kind: 'none', reason: `no container runtime (${runtime}) and EVENTSTORE_CONNECTION_STRING unset` };
}

/** `true` when testcontainers can reach a container engine, else why not; never slow. */
async function probeContainerRuntime(): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${PROBE_TIMEOUT_MS} ms`), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      getContainerRuntimeClient().then(
        () => true as const,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function startEventStoreDb(): Promise<{ connectionString: string; container: StartedTestContainer }> {
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .withStartupTimeout(120_000)
    .start();
  return {
    connectionString: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    container,
  };
}

const target = await findTarget();
if (target.kind === 'none') console.warn(`EventStoreDB contract suite skipped: ${target.reason}`);

describeEventStoreContract(
  `EventStoreDB event store (${target.kind === 'server' ? 'EVENTSTORE_CONNECTION_STRING' : IMAGE})`,
  async (): Promise<EventStoreUnderTest> => {
    if (target.kind === 'server') {
      const store = createEventStoreDbEventStore({ connectionString: target.connectionString });
      return { store, teardown: () => store.close() };
    }
    const { connectionString, container } = await startEventStoreDb();
    const store = createEventStoreDbEventStore({ connectionString });
    return {
      store,
      async teardown() {
        await store.close();
        await container.stop();
      },
    };
  },
  { skipReason: target.kind === 'none' ? target.reason : undefined, setupTimeoutMs: 180_000 },
);
