import type { MunicipalityStatistic } from '@bari/contracts';
import { Heading } from '../../common/heading.tsx';
import { reportsMessages as m } from './messages.ts';

const BAR_HEIGHT = 18;
const GAP = 6;
const LABEL_WIDTH = 180;
const BAR_WIDTH = 320;

/** §4 colours: at least 80 success, at least 50 warning, otherwise destructive. */
const colour = (rate: number) => (rate >= 80 ? '#238551' : rate >= 50 ? '#c87619' : '#cd4246');

/**
 * Completion rate by municipality as horizontal bars (plain SVG, no charting library):
 * a coordinator sees at a glance which municipalities fall behind.
 */
export function CompletionChart({ municipalities }: { municipalities: readonly MunicipalityStatistic[] }) {
  if (municipalities.length === 0) return null;
  const height = municipalities.length * (BAR_HEIGHT + GAP);
  return (
    <figure className="completion-chart">
      <Heading level={3} look={4}>
        {m.chartTitle}
      </Heading>
      <svg
        aria-label={m.chartTitle}
        role="img"
        viewBox={`0 0 ${LABEL_WIDTH + BAR_WIDTH + 48} ${height}`}
        width="100%"
        style={{ maxWidth: LABEL_WIDTH + BAR_WIDTH + 48 }}
      >
        {municipalities.map((row, index) => {
          const y = index * (BAR_HEIGHT + GAP);
          return (
            <g key={row.ibgeCode}>
              <title>{m.chartLabel(row.municipality, row.completionRate)}</title>
              <text dominantBaseline="middle" fontSize="12" x={0} y={y + BAR_HEIGHT / 2}>
                {row.municipality.length > 26 ? `${row.municipality.slice(0, 25)}…` : row.municipality}
              </text>
              <rect fill="#e5e8eb" height={BAR_HEIGHT} rx={2} width={BAR_WIDTH} x={LABEL_WIDTH} y={y} />
              <rect
                fill={colour(row.completionRate)}
                height={BAR_HEIGHT}
                rx={2}
                width={(BAR_WIDTH * row.completionRate) / 100}
                x={LABEL_WIDTH}
                y={y}
              />
              <text
                dominantBaseline="middle"
                fontSize="12"
                x={LABEL_WIDTH + BAR_WIDTH + 6}
                y={y + BAR_HEIGHT / 2}
              >
                {`${row.completionRate}%`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
