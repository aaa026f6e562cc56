import type { Projection } from './runner/projection.ts';

/**
 * Every read model the runner keeps up to date and the CLI can rebuild. Each lives in its
 * own folder (`src/<readModel>/`: projector, queries, migrations); add it here and, if it
 * owns tables, to `migrations.ts`.
 */
export const allProjections: readonly Projection[] = [];
