import { SystemInitialized } from '@bari/contracts';
import type { Projection } from '../runner/projection.ts';
import { sql } from '../sql.ts';

/**
 * The initialization status (`system_initialization`): when the system was first
 * initialized and how often 'Inicialização Forçada' ran since.
 */
export const systemInitializationProjection: Projection = {
  name: 'system-initialization',
  eventTypes: [SystemInitialized.type],
  tables: ['system_initialization'],
  async handle(event, { tx, tables }) {
    const { forced } = SystemInitialized.data.parse(event.data);
    const at = event.metadata.timestamp;
    await tx.query(sql.typeAlias('void')`
      insert into ${tables('system_initialization')} as s
        (singleton, initialized_at, forced_runs, last_forced_at)
      values (true, ${at}, ${forced ? 1 : 0}, ${forced ? at : null})
      on conflict (singleton) do update
      set forced_runs = s.forced_runs + excluded.forced_runs,
          last_forced_at = coalesce(excluded.last_forced_at, s.last_forced_at)
    `);
  },
};
