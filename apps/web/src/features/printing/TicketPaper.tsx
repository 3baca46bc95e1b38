import type { CSSProperties } from 'react';
import { QRCode } from 'antd';
import type { TicketPreview } from '@canteen/contract';

const paper: CSSProperties = {
  background: '#fffef8',
  color: '#111',
  boxShadow: '0 1px 4px rgba(0,0,0,0.18)',
  padding: '12px 10px 20px',
  fontFamily: '"Sarasa Mono SC", "Noto Sans Mono CJK SC", "WenQuanYi Zen Hei Mono", monospace',
  fontSize: 12,
  lineHeight: '18px',
  display: 'inline-block',
};

/**
 * A laid-out ticket as it comes out of the printer: the server's lines, each already padded to
 * the paper's columns (a Chinese character counts two), in a monospace font on a paper strip as
 * wide as the columns; double-size lines twice as large, QR lines as the code itself.
 */
export function TicketPaper({ ticket, testId = 'ticket-paper' }: { ticket: TicketPreview; testId?: string }) {
  return (
    <div style={{ ...paper, width: `calc(${ticket.columns}ch + 20px)` }} data-testid={testId} data-columns={ticket.columns}>
      {ticket.lines.map((line, index) =>
        line.qr ? (
          <div key={index} style={{ display: 'flex', justifyContent: 'center', padding: '6px 0' }} data-testid="ticket-qr">
            <QRCode value={line.text} size={96} bordered={false} type="svg" />
          </div>
        ) : (
          <div
            key={index}
            data-testid="ticket-line"
            style={{
              whiteSpace: 'pre',
              overflow: 'hidden',
              fontWeight: line.bold ? 700 : 400,
              fontSize: line.double ? 24 : undefined,
              lineHeight: line.double ? '32px' : undefined,
              textAlign: line.center ? 'center' : 'left',
            }}
          >
            {line.text || ' '}
          </div>
        ),
      )}
    </div>
  );
}
