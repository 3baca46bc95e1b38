import { money } from '../format';

interface TrendBarsProps {
  days: Array<{ date: string; netAmount: number }>;
  /** The day to highlight (today). */
  today: string;
}

/**
 * The home page's 7-day 实收 as plain bars (a few divs; ECharts stays with the report pages)
 * filling the card's width, each with its amount as a tooltip, today in the brand colour.
 */
export function TrendBars({ days, today }: TrendBarsProps) {
  const max = Math.max(1, ...days.map((d) => d.netAmount));
  return (
    <div role="img" style={{ display: 'flex', alignItems: 'flex-end', gap: 12, height: 120, padding: '4px 8px 0' }} data-testid="home-trend-bars">
      {days.map((d) => (
        <div key={d.date} title={`${d.date} ${money(d.netAmount)}`} style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%', justifyContent: 'flex-end' }}>
          <div
            className="home-trend-bar"
            data-date={d.date}
            style={{ width: '70%', maxWidth: 48, height: `${Math.max(0, (d.netAmount / max) * 100) * 0.82}%`, borderRadius: 2, background: d.date === today ? '#1677ff' : '#91caff' }}
          />
          <span style={{ fontSize: 11, color: '#8c8c8c', marginTop: 4 }}>{d.date.slice(5)}</span>
        </div>
      ))}
    </div>
  );
}
