import { memo } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitchenLine, KitchenTicket } from '@canteen/contract';
import { byRound, isRushed, lineRushed, linesToMark, nextState, ticketAge } from './ticket';

export interface MarkInput {
  lineIds: string[];
  state: 'making' | 'ready' | 'served';
}

interface TicketCardProps {
  ticket: KitchenTicket;
  /** The server's time now (epoch ms), ticking each second. */
  now: number;
  amberMinutes: number;
  redMinutes: number;
  /** Without order:kitchen:edit: a display only, nothing to tap. */
  canEdit: boolean;
  /** The lines of a mark on its way (their taps wait for it). */
  busyLines: readonly string[];
  onMark: (input: MarkInput) => void;
}

const STATE_COLOURS = { waiting: 'default', making: 'processing', ready: 'success', served: 'default' } as const;

function Line({ line, canEdit, busy, onMark }: { line: KitchenLine; canEdit: boolean; busy: boolean; onMark: (input: MarkInput) => void }) {
  const { t } = useTranslation();
  const next = nextState(line.state);
  const rushed = lineRushed(line);
  const body = (
    <>
      <span className="kitchen-line-main">
        <span className="kitchen-line-name">{line.name}</span>
        <span className="kitchen-line-qty">{t('orderKitchen.quantity', { quantity: line.quantity })}</span>
        {rushed && <Tag color="red" className="kitchen-rush-tag">{t('orderKitchen.rushed')}</Tag>}
        <Tag color={STATE_COLOURS[line.state]} className="kitchen-line-state">{t(`orderKitchen.states.${line.state}`)}</Tag>
        {canEdit && next === 'served' && <span className="kitchen-line-serve">{t('orderKitchen.serve')}</span>}
      </span>
      {line.comboName && <span className="kitchen-line-note">{t('orderKitchen.combo', { name: line.comboName })}</span>}
      {line.specText && <span className="kitchen-line-spec">{line.specText}</span>}
      {line.remark && <span className="kitchen-line-remark">{t('orderKitchen.remark', { remark: line.remark })}</span>}
    </>
  );
  const className = `kitchen-line kitchen-line--${line.state}${rushed ? ' kitchen-line--rushed' : ''}`;
  if (!canEdit || !next) return <li className={className} data-testid={`kitchen-line-${line.id}`}><div className="kitchen-line-body">{body}</div></li>;
  return (
    <li className={className} data-testid={`kitchen-line-${line.id}`}>
      <button
        type="button"
        className="kitchen-line-body kitchen-line-button"
        disabled={busy}
        aria-busy={busy}
        aria-label={t(`orderKitchen.tap.${next}`, { name: line.name })}
        onClick={() => onMark({ lineIds: [line.id], state: next })}
      >
        {body}
      </button>
    </li>
  );
}

/**
 * One order's lines for the station (a ticket): where it goes (table or pickup number), how long it
 * has waited (the header turns amber, then red), its lines by round, and the cook's taps.
 */
export const TicketCard = memo(function TicketCard({ ticket, now, amberMinutes, redMinutes, canEdit, busyLines, onMark }: TicketCardProps) {
  const { t } = useTranslation();
  const age = ticketAge(ticket.since, now, amberMinutes, redMinutes);
  const rounds = byRound(ticket.lines);
  const rushed = isRushed(ticket);
  const toMake = linesToMark(ticket, 'making');
  const toSend = linesToMark(ticket, 'ready');
  const busy = (ids: string[]) => ids.length > 0 && ids.every((id) => busyLines.includes(id));
  const where = ticket.tableCode ? t('orderKitchen.table', { table: ticket.tableCode }) : ticket.pickupNo ? t('orderKitchen.pickup', { pickup: ticket.pickupNo }) : t(`order.types.${ticket.type}`);
  return (
    <article className={`kitchen-ticket kitchen-ticket--${age.level}${rushed ? ' kitchen-ticket--rushed' : ''}`} data-testid={`kitchen-ticket-${ticket.orderId}`} data-age={age.level} aria-label={where}>
      <header className="kitchen-ticket-head">
        <div className="kitchen-ticket-where">
          {rushed && <span className="kitchen-rush-mark" title={t('orderKitchen.rushed')}>{t('orderKitchen.rush')}</span>}
          <span>{where}</span>
        </div>
        <time className="kitchen-ticket-age" aria-label={t('orderKitchen.elapsed', { time: age.text })}>{age.text}</time>
        <div className="kitchen-ticket-meta">
          <span>{t('orderKitchen.orderNo', { orderNo: ticket.orderNo })}</span>
          <span>{t(`order.types.${ticket.type}`)}</span>
          {ticket.guests !== null && <span>{t('orderKitchen.guests', { count: ticket.guests })}</span>}
        </div>
      </header>
      {ticket.remark && <div className="kitchen-ticket-remark">{t('orderKitchen.remark', { remark: ticket.remark })}</div>}
      {rounds.map(({ round, lines }) => (
        <section key={round} className="kitchen-round">
          {rounds.length > 1 && <h4 className="kitchen-round-title">{t('orderKitchen.round', { round })}</h4>}
          <ul className="kitchen-lines">
            {lines.map((line) => <Line key={line.id} line={line} canEdit={canEdit} busy={busyLines.includes(line.id)} onMark={onMark} />)}
          </ul>
        </section>
      ))}
      {canEdit && (toMake.length > 0 || toSend.length > 0) && (
        <footer className="kitchen-ticket-actions">
          <Button className="kitchen-touch" size="large" disabled={toMake.length === 0} loading={busy(toMake)} onClick={() => onMark({ lineIds: toMake, state: 'making' })}>
            {t('orderKitchen.allMaking')}
          </Button>
          <Button className="kitchen-touch" size="large" type="primary" disabled={toSend.length === 0} loading={busy(toSend)} onClick={() => onMark({ lineIds: toSend, state: 'ready' })}>
            {t('orderKitchen.allReady')}
          </Button>
        </footer>
      )}
    </article>
  );
});
