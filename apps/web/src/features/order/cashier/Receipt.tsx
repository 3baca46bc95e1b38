import { useRef } from 'react';
import { Button, Divider, Modal, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderRecord } from '@canteen/contract';
import { formatDateTime } from '../../../shared/resource';
import { collectedBy } from './pay';
import './messages';

/** A till roll's look for the printed copy (the screen's styles do not go along). */
const PRINT_CSS = `
  @page { margin: 4mm; }
  body { margin: 0; width: 72mm; font: 12px/1.5 monospace; color: #000; }
  h5 { font-size: 14px; margin: 0; }
  .ant-divider { border-top: 1px dashed #000; margin: 6px 0; }
`;

/**
 * Prints the receipt alone: its markup goes into a hidden frame of its own, printed from there
 * (hiding the rest of the page with print CSS left the shell's backgrounds and borders on paper).
 */
function printReceipt(receipt: HTMLElement, title: string) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) return frame.remove();
  doc.open();
  doc.write(`<!doctype html><html><head><meta charset="utf-8"><title></title><style>${PRINT_CSS}</style></head><body>${receipt.outerHTML}</body></html>`);
  doc.close();
  doc.title = title;
  view.focus();
  view.print();
  // print() returns once the dialog is done (or at once where it does not block): the frame can go a little later.
  setTimeout(() => frame.remove(), 1000);
}

const Row = ({ left, right, strong, testId }: { left: React.ReactNode; right: React.ReactNode; strong?: boolean; testId?: string }) => (
  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontWeight: strong ? 600 : undefined }}>
    <span>{left}</span>
    <span data-testid={testId}>{right}</span>
  </div>
);

/** The 结账单 of a paid order: lines, amounts, payments (cash tendered and change); 打印 and 新订单. */
export function Receipt({ order, storeName, onNew }: { order: OrderRecord; storeName: string; onNew: () => void }) {
  const { t } = useTranslation();
  const lines = order.lines.filter((l) => l.parentId === null);
  const children = (id: string) => order.lines.filter((l) => l.parentId === id);
  const payments = order.payments.filter((p) => p.status === 'success');
  const receipt = useRef<HTMLDivElement>(null);
  return (
    <Modal
      open
      title={t('orderCashier.receipt.title')}
      onCancel={onNew}
      width={420}
      footer={[
        <Button key="print" icon={<PrinterOutlined />} onClick={() => { if (receipt.current) printReceipt(receipt.current, order.orderNo); }} data-testid="receipt-print">{t('orderCashier.receipt.print')}</Button>,
        <Button key="new" type="primary" onClick={onNew} data-testid="receipt-new">{t('orderCashier.receipt.newOrder')}</Button>,
      ]}
    >
      <div ref={receipt} data-testid="receipt" style={{ fontFamily: 'monospace' }}>
        <Typography.Title level={5} style={{ textAlign: 'center', margin: 0 }}>{storeName}</Typography.Title>
        <div style={{ textAlign: 'center' }}>{t('orderCashier.receipt.heading')}</div>
        {order.pickupNo && (
          <div style={{ textAlign: 'center', fontSize: 24, fontWeight: 700 }} data-testid="receipt-pickup">{t('orderCashier.receipt.pickupNo')} {order.pickupNo}</div>
        )}
        <Divider dashed style={{ margin: '8px 0' }} />
        <Row left={t('orderCashier.receipt.orderNo')} right={order.orderNo} testId="receipt-order-no" />
        <Row left={t('orderCashier.receipt.type')} right={t(`orderCashier.order.${order.type}`)} />
        {order.tableCode && <Row left={t('orderCashier.receipt.table')} right={order.tableCode} />}
        {order.memberName && <Row left={t('orderCashier.receipt.member')} right={`${order.memberName} ${order.memberPhone ?? ''}`} />}
        <Row left={t('orderCashier.receipt.time')} right={formatDateTime(order.paidTime ?? order.createTime)} />
        <Divider dashed style={{ margin: '8px 0' }} />
        <Row strong left={t('orderCashier.receipt.item')} right={`${t('orderCashier.receipt.qty')} / ${t('orderCashier.receipt.amount')}`} />
        {lines.map((l) => (
          <div key={l.id} data-testid="receipt-line">
            <Row left={<>{l.name}{l.specText && children(l.id).length === 0 && <span style={{ fontSize: 11 }}>（{l.specText}）</span>}</>} right={`×${l.quantity}  ${formatFen(l.lineAmount)}`} />
            {children(l.id).map((c) => <div key={c.id} style={{ paddingLeft: 12, fontSize: 11 }}>· {c.name}{c.specText && `（${c.specText}）`} ×{c.quantity}</div>)}
            {l.remark && <div style={{ paddingLeft: 12, fontSize: 11 }}>{t('orderCashier.receipt.remark')}：{l.remark}</div>}
          </div>
        ))}
        <Divider dashed style={{ margin: '8px 0' }} />
        <Row left={t('orderCashier.receipt.goods')} right={formatFen(order.goodsAmount)} />
        {order.packingFee > 0 && <Row left={t('orderCashier.receipt.packing')} right={formatFen(order.packingFee)} />}
        {order.memberDiscount > 0 && <Row left={t('orderCashier.receipt.memberDiscount')} right={formatFen(-order.memberDiscount)} />}
        {order.couponDiscount > 0 && <Row left={t('orderCashier.receipt.coupon')} right={formatFen(-order.couponDiscount)} />}
        <Row strong left={t('orderCashier.receipt.payable')} right={formatFen(order.payableAmount)} testId="receipt-payable" />
        {payments.map((p) => (
          <Row
            key={p.id}
            left={t(`orderCashier.pay.${p.method}`)}
            right={
              <span>
                {p.method === 'cash' && p.tendered != null && <span>{t('orderCashier.receipt.tendered', { amount: formatFen(p.tendered) })} </span>}
                {p.method === 'cash' && p.change != null && p.change > 0 && <span data-testid="receipt-change">{t('orderCashier.receipt.change', { amount: formatFen(p.change) })} </span>}
                <span>{formatFen(p.amount)}</span>
              </span>
            }
          />
        ))}
        {order.remark && <div>{t('orderCashier.receipt.remark')}：{order.remark}</div>}
        <Divider dashed style={{ margin: '8px 0' }} />
        <Row left={t('orderCashier.receipt.operator')} right={collectedBy(order)} />
      </div>
    </Modal>
  );
}
