import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, type FloorTable } from '@canteen/contract';
import { minutesSince, STATE_COLOURS } from './state';
import './messages';

/**
 * One table on the map: the whole card is one button (a tablet's finger needs no aim), coloured
 * by state with the state's name written on it; a seating shows guests, minutes since 开台 (from
 * `now`, so the map decides when time moves), what it ordered and what is still unpaid.
 */
export function TableCard({ table, now, onOpen }: { table: FloorTable; now: number; onOpen: (table: FloorTable) => void }) {
  const { t } = useTranslation();
  const colour = STATE_COLOURS[table.state];
  const s = table.session;
  return (
    <button
      type="button"
      onClick={() => onOpen(table)}
      aria-label={t('orderFloor.card.open', { code: table.code })}
      data-testid={`floor-table-${table.code}`}
      data-state={table.state}
      style={{
        display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 4, width: '100%', minHeight: 112, padding: '10px 12px',
        textAlign: 'left', cursor: 'pointer', borderRadius: 8, border: `2px solid ${colour.border}`, background: colour.background, color: colour.text,
        font: 'inherit', touchAction: 'manipulation',
      }}
    >
      <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 4 }}>
        <Typography.Text strong style={{ fontSize: 18, color: colour.text }}>{table.code}</Typography.Text>
        {s && s.rushed > 0 ? <Badge count={t('orderFloor.card.rushed', { n: s.rushed })} style={{ background: '#cf1322' }} data-testid="floor-rushed" /> : null}
      </span>
      <span style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
        <strong data-testid="floor-state">{t(`orderFloor.states.${table.state}`)}</strong>
        <span>{s ? t('orderFloor.card.guests', { n: s.guests }) + ' / ' : ''}{t('orderFloor.card.seats', { n: table.seats })}</span>
      </span>
      {s && (
        <>
          <span style={{ fontSize: 13 }} data-testid="floor-elapsed">{t('orderFloor.card.minutes', { n: minutesSince(s.openedAt, now) })}</span>
          {s.amount > 0 && <span style={{ fontSize: 13 }}>{t('orderFloor.card.amount', { amount: formatFen(s.amount) })}</span>}
          {s.unpaidAmount > 0 && <strong style={{ fontSize: 13 }} data-testid="floor-unpaid">{t('orderFloor.card.unpaid', { amount: formatFen(s.unpaidAmount) })}</strong>}
          {s.mergedIntoTableCode && <span style={{ fontSize: 12 }} data-testid="floor-merged">{t('orderFloor.card.mergedInto', { code: s.mergedIntoTableCode })}</span>}
          {s.mergedTableCodes.length > 0 && <span style={{ fontSize: 12 }} data-testid="floor-merged">{t('orderFloor.card.merged', { codes: s.mergedTableCodes.join('、') })}</span>}
        </>
      )}
    </button>
  );
}
