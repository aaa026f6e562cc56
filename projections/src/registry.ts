import type { Projection } from './runner/projection.ts';
import { usersProjection } from './users/projection.ts';
import { accessKeysProjection } from './access-keys/projection.ts';
import { systemInitializationProjection } from './system-initialization/projection.ts';
import { patientsProjection } from './patients/projection.ts';
import { procedureTypesProjection } from './procedure-types/projection.ts';
import { auditProjection } from './audit/projection.ts';

/**
 * Every read model the runner keeps up to date and the CLI can rebuild. Each lives in its
 * own folder (`src/<readModel>/`: projector, queries, migrations); add it here and, if it
 * owns tables, to `migrations.ts`.
 */
export const allProjections: readonly Projection[] = [
  usersProjection,
  accessKeysProjection,
  systemInitializationProjection,
  procedureTypesProjection,
  patientsProjection,
  auditProjection,
];
