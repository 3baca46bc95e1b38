import { money } from '../format';

interface TrendBarsProps {
  days: Array<{ date: string; netAmount: number }>;
  /** The day to highlight (today). */
  today: string;
}

const WIDTH = 280;
const HEIGHT = 96;
const LABEL = 16;

/**
 * The home page's 7-day 实收 as plain SVG bars (a few elements; ECharts stays with the report
 * pages), each with its amount as a tooltip, today in the brand colour.
 */
export function TrendBars({ days, today }: TrendBarsProps) {
  const max = Math.max(1, ...days.map((d) => d.netAmount));
  const slot = WIDTH / Math.max(days.length, 1);
  const barWidth = slot * 0.6;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL}`} width="100%" height={HEIGHT + LABEL} role="img" data-testid="home-trend-bars">
      {days.map((d, i) => {
        const height = Math.max(0, (d.netAmount / max) * (HEIGHT - 4));
        const x = i * slot + (slot - barWidth) / 2;
        return (
          <g key={d.date} data-date={d.date}>
            <title>{`${d.date} ${money(d.netAmount)}`}</title>
            <rect x={x} y={HEIGHT - height} width={barWidth} height={height} rx={2} fill={d.date === today ? '#1677ff' : '#91caff'} />
            <text x={x + barWidth / 2} y={HEIGHT + LABEL - 3} textAnchor="middle" fontSize={10} fill="#8c8c8c">{d.date.slice(5)}</text>
          </g>
        );
      })}
    </svg>
  );
}
