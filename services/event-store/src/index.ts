export type * from './port.ts';
export * from './errors.ts';
export { comparePositions, fromCheckpoint, toCheckpoint } from './position.ts';
export { createEventStore, type EventStoreEnvironment } from './create-event-store.ts';
export { withProcedureTypeReferences } from './procedure-type-references.ts';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.ts';
export {
  createEventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store.ts';
export { eventStoreMigrations } from './migrations.ts';
export {
  verifyHashChain,
  chainHead,
  recordVerification,
  lastVerification,
  verifiedAnchors,
  type ChainAnchor,
  type ChainHead,
  type ChainVerification,
} from './postgres/hash-chain.ts';
