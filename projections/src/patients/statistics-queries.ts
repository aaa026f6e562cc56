import type { DatabasePool } from '@bari/db';
import { sql } from '@bari/db';
import { StatisticsDtoSchema, type StatisticsDto } from '@bari/contracts';

/**
 * The dashboard's four numbers, from the counters the patients projection keeps. Overdue
 * (pending with a scheduled date before `today`, São Paulo) is time-dependent, so it is
 * summed here at read time over the pending counts per date, never projected.
 */
export function createStatisticsQueries(pool: DatabasePool) {
  return {
    async statistics(today: string): Promise<StatisticsDto> {
      return pool.one(sql.type(StatisticsDtoSchema)`
        select
          coalesce((select value from patient_statistics where name = 'patients'), 0)::int
            as "totalPatients",
          coalesce((select value from patient_statistics where name = 'completed_procedures'), 0)::int
            as "completedProcedures",
          coalesce((select value from patient_statistics where name = 'pending_procedures'), 0)::int
            as "pendingProcedures",
          coalesce((select sum(pending) from pending_procedures_by_date where scheduled_date < ${today}::date), 0)::int
            as "overdueProcedures"
      `);
    },
  };
}
export type StatisticsQueries = ReturnType<typeof createStatisticsQueries>;
