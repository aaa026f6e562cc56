import { Button, Card, Classes, Elevation, NonIdealState } from '@blueprintjs/core';
import { Heading } from '../../common/heading.tsx';
import { IconNames } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { reportsMessages as m } from './messages.ts';
import { PrintedDocument } from './printed-document.tsx';
import { fileDate } from './report-dates.ts';
import { usePrint } from './use-print.tsx';
import { formatCount } from '../../common/number-format.ts';

/** One card: a municipality or an establishment and its counts. */
export interface StatisticItem {
  key: string;
  name: string;
  totalPatients: number;
  completedProcedures: number;
  pendingProcedures: number;
  overdueProcedures: number;
}

export interface StatisticsSectionProps {
  title: string;
  /** What a card names ('Município', 'Estabelecimento'): the printed table's first column. */
  nameLabel: string;
  printTitle: string;
  documentTitle: (date: string) => string;
  items: readonly StatisticItem[] | undefined;
  isLoading: boolean;
  /** Shown above the cards (the completion chart). */
  children?: ReactNode;
}

const counts = (item: StatisticItem): number[] => [
  item.totalPatients,
  item.completedProcedures,
  item.pendingProcedures,
  item.overdueProcedures,
];

/** The counts of every card added up, column by column. */
const sumOfCounts = (items: readonly StatisticItem[]): number[] =>
  items.reduce(
    (sums, item) => counts(item).map((count, column) => count + (sums[column] ?? 0)),
    [0, 0, 0, 0],
  );

/** §9: three skeleton cards while loading. */
const SKELETONS = ['a', 'b', 'c'];

/** 'Estatísticas por Município' / 'por Estabelecimento' (§2): cards and a print button. */
export function StatisticsSection({
  title,
  nameLabel,
  printTitle,
  documentTitle,
  items,
  isLoading,
  children,
}: StatisticsSectionProps) {
  const { print, printArea } = usePrint();
  const list = items ?? [];

  const printStatistics = () => {
    const now = new Date();
    print({
      documentTitle: documentTitle(fileDate(now)),
      content: (
        <PrintedDocument
          headers={[nameLabel, ...m.printedCountColumns]}
          generatedAt={now}
          lines={[m.overdueNote]}
          numericColumns={[1, 2, 3, 4]}
          rows={list.map((item) => [item.name, ...counts(item).map(formatCount)])}
          // Each patient is counted in one card (one municipality, one place of surgery).
          totals={[m.totalRow, ...sumOfCounts(list).map(formatCount)]}
          title={printTitle}
        />
      ),
    });
  };

  return (
    <section className="reports-page__section" aria-label={title}>
      <div className="reports-page__section-header">
        <Heading level={2} look={3}>
          {title}
        </Heading>
        <Button
          disabled={list.length === 0}
          icon={IconNames.PRINT}
          onClick={printStatistics}
          text={m.printStatistics}
        />
      </div>
      {children}
      {isLoading ? (
        <div className="reports-page__grid">
          {SKELETONS.map((key) => (
            <Card className={`statistic-card ${Classes.SKELETON}`} key={key}>
              <Heading level={3} look={4}>
                -
              </Heading>
            </Card>
          ))}
        </div>
      ) : list.length === 0 ? (
        <NonIdealState icon={IconNames.CHART} title={m.noStatistics} />
      ) : (
        <div className="reports-page__grid">
          {list.map((item) => (
            <Card className="statistic-card" elevation={Elevation.ONE} key={item.key}>
              <Heading level={3} look={4}>
                {item.name}
              </Heading>
              <dl>
                <dt>{m.patients}</dt>
                <dd>{formatCount(item.totalPatients)}</dd>
                <dt>{m.completed}</dt>
                <dd>{formatCount(item.completedProcedures)}</dd>
                <dt>{m.pending}</dt>
                <dd>{formatCount(item.pendingProcedures)}</dd>
                <dt>{m.overdue}</dt>
                <dd>{formatCount(item.overdueProcedures)}</dd>
              </dl>
            </Card>
          ))}
        </div>
      )}
      {printArea}
    </section>
  );
}
