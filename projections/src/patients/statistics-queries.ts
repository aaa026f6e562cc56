import type { DatabasePool } from '@bari/db';
import { StatisticsDtoSchema, type StatisticsDto } from '@bari/contracts';
import { sql } from '../sql.ts';

/**
 * The dashboard's four numbers, read from the patients read model. Overdue (pending with a
 * scheduled date before `today`, São Paulo) is time-dependent, so it is counted here at read
 * time, never projected.
 */
export function createStatisticsQueries(pool: DatabasePool) {
  return {
    async statistics(today: string): Promise<StatisticsDto> {
      return pool.one(sql.type(StatisticsDtoSchema)`
        select
          (select count(*)::int from patients) as "totalPatients",
          count(*) filter (where status = 'completed')::int as "completedProcedures",
          count(*) filter (where status = 'pending')::int as "pendingProcedures",
          count(*) filter (where status = 'pending' and scheduled_date < ${today}::date)::int
            as "overdueProcedures"
        from patient_procedures
      `);
    },
  };
}
export type StatisticsQueries = ReturnType<typeof createStatisticsQueries>;
