import { Button, Divider, Modal, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type OrderRecord } from '@canteen/contract';
import './messages';

const RECEIPT_CLASS = 'cashier-receipt';
/** Printing shows the receipt alone, at the width of a till roll. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .${RECEIPT_CLASS}, .${RECEIPT_CLASS} * { visibility: visible !important; }
  .${RECEIPT_CLASS} { position: fixed; left: 0; top: 0; width: 80mm; padding: 0; font-size: 12px; color: #000; }
}`;

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
  return (
    <Modal
      open
      title={t('orderCashier.receipt.title')}
      onCancel={onNew}
      width={420}
      footer={[
        <Button key="print" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="receipt-print">{t('orderCashier.receipt.print')}</Button>,
        <Button key="new" type="primary" onClick={onNew} data-testid="receipt-new">{t('orderCashier.receipt.newOrder')}</Button>,
      ]}
    >
      <style>{PRINT_CSS}</style>
      <div className={RECEIPT_CLASS} data-testid="receipt" style={{ fontFamily: 'monospace' }}>
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
        <Row left={t('orderCashier.receipt.time')} right={new Date(order.paidTime ?? order.createTime).toLocaleString()} />
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
              <Space size={6}>
                {p.method === 'cash' && p.tendered != null && <span>{t('orderCashier.receipt.tendered', { amount: formatFen(p.tendered) })}</span>}
                {p.method === 'cash' && p.change != null && p.change > 0 && <span data-testid="receipt-change">{t('orderCashier.receipt.change', { amount: formatFen(p.change) })}</span>}
                <span>{formatFen(p.amount)}</span>
              </Space>
            }
          />
        ))}
        {order.remark && <div>{t('orderCashier.receipt.remark')}：{order.remark}</div>}
        <Divider dashed style={{ margin: '8px 0' }} />
        <Row left={t('orderCashier.receipt.operator')} right={order.operatorName} />
      </div>
    </Modal>
  );
}
