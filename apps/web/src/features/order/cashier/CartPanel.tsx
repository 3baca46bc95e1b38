import { useState } from 'react';
import { Alert, Button, ConfigProvider, Empty, Input, InputNumber, Segmented, Select, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatFen, type MemberRow, type OrderRecord, type OrderType } from '@canteen/contract';
import type { CashierTable, QuoteState } from './api';
import type { CartDraft, CartLine } from './cart';
import './messages';

export interface CartPanelProps {
  draft: CartDraft;
  orderTypes: OrderType[];
  tables: CashierTable[];
  /** The chosen table's open order, while the cart is not placed yet: the cart is its next round. */
  openTab: OrderRecord | undefined;
  member: MemberRow | undefined;
  quote: QuoteState;
  /** The line a refusal names, marked red. */
  refusedKey: string | undefined;
  /** The line + and − change (the last one added or changed). */
  lastKey: string | undefined;
  onDraft: (change: Partial<CartDraft>) => void;
  onQuantity: (key: string, direction: 1 | -1) => void;
  onSetQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
  onLineRemark: (key: string, remark: string) => void;
  onMember: () => void;
  onClearMember: () => void;
  onSubmit: () => void;
  submitting: boolean;
  /** The server's refusal at creation (stock gone meanwhile…). */
  createError: string | undefined;
  /** The order is placed: the cart shows what was ordered and the button takes the payment. */
  locked: boolean;
}

function LineRow({ line, priced, refused, refusal, last, props }: {
  line: CartLine;
  refusal: string | undefined;
  priced: NonNullable<QuoteState['quote']>['lines'][number] | undefined;
  refused: boolean;
  last: boolean;
  props: CartPanelProps;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(line.remark !== '');
  // A combo's choices show as its child lines once priced, not twice.
  const spec = priced?.children.length ? '' : (priced?.specText ?? line.specText);
  return (
    <div
      data-testid={`cart-line-${line.key}`}
      data-line-name={line.name}
      style={{
        padding: '8px 10px', borderRadius: 6, marginBottom: 6,
        border: `1px solid ${refused ? 'var(--ant-color-error, #ff4d4f)' : last ? 'var(--ant-color-primary-border, #91caff)' : 'var(--ant-color-border-secondary, #f0f0f0)'}`,
      }}
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong>{line.name}</Typography.Text>
          {spec && <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>{spec}</Typography.Text>}
          {priced?.children.map((c, i) => (
            <div key={i} style={{ fontSize: 12, color: 'var(--ant-color-text-secondary, #888)' }}>· {c.name}{c.specText && `（${c.specText}）`} ×{c.quantity}</div>
          ))}
        </div>
        <Typography.Text data-testid="cart-line-amount" style={{ whiteSpace: 'nowrap' }}>
          {priced ? formatFen(priced.lineAmount) : t('orderCashier.cart.notPriced')}
        </Typography.Text>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 6 }}>
        <Space size={4}>
          <Button size="small" icon={<MinusOutlined />} onClick={() => props.onQuantity(line.key, -1)} aria-label={`${line.name} -`} data-testid="cart-line-less" />
          {line.weighed ? (
            <InputNumber size="small" min={0.001} max={999} step={0.1} precision={3} value={line.quantity} style={{ width: 90 }}
              onChange={(v) => { if (typeof v === 'number' && v > 0) props.onSetQuantity(line.key, v); }}
              aria-label={t('orderCashier.cart.quantity')} data-testid="cart-line-quantity" />
          ) : (
            <span data-testid="cart-line-quantity" style={{ minWidth: 24, textAlign: 'center', display: 'inline-block' }}>{line.quantity}</span>
          )}
          <Button size="small" icon={<PlusOutlined />} onClick={() => props.onQuantity(line.key, 1)} aria-label={`${line.name} +`} data-testid="cart-line-more" />
          {priced && priced.discountAmount > 0 && <Tag color="gold">-{formatFen(priced.discountAmount)}</Tag>}
        </Space>
        <Space size={0}>
          <Button size="small" type="text" icon={<EditOutlined />} onClick={() => setEditing(true)} aria-label={t('orderCashier.cart.remark')}>{t('orderCashier.cart.remark')}</Button>
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={() => props.onRemove(line.key)} aria-label={t('orderCashier.cart.remove')} data-testid="cart-line-remove" />
        </Space>
      </div>
      {refused && refusal && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 4 }} data-testid="cart-line-refusal">{refusal}</Typography.Text>}
      {editing && (
        <Input size="small" style={{ marginTop: 6 }} maxLength={50} value={line.remark} placeholder={t('orderCashier.cart.lineRemark')}
          onChange={(e) => props.onLineRemark(line.key, e.target.value)} aria-label={t('orderCashier.cart.lineRemark')} data-testid="cart-line-remark" />
      )}
    </div>
  );
}

const Amount = ({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) => (
  <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: strong ? 18 : undefined, fontWeight: strong ? 600 : undefined }}>
    <span>{label}</span>
    <span data-testid={testId}>{value}</span>
  </div>
);

/** "A17 · 大厅 · 就餐中 ¥18.00": the table's real state and what its seating ordered (no state without the floor). */
const tableLabel = (tb: CashierTable, t: (key: string) => string) =>
  [tb.code, tb.areaName, tb.state && `${t(`orderCashier.order.tableStatus.${tb.state}`)}${tb.amount > 0 ? ` ${formatFen(tb.amount)}` : ''}`].filter(Boolean).join(' · ');

/** The cart side of the counter: order type, table and guests, member, lines, the server's prices, coupon, the order button. */
export function CartPanel(props: CartPanelProps) {
  const { t } = useTranslation();
  const { draft, quote, member } = props;
  const priced = quote.quote && quote.quote.lines.length === draft.lines.length ? quote.quote.lines : undefined;
  const amounts = quote.quote;
  const coupons = quote.quote?.coupons ?? [];
  // What the tab already owes: the payment will ask for it with this round, so 应收 says so too.
  const tab = props.locked ? undefined : props.openTab;
  const tabDue = tab ? Math.max(0, tab.payableAmount - tab.paidAmount) : 0;
  const canSubmit = props.locked || (draft.lines.length > 0 && quote.fresh && !quote.refusal && !props.submitting);

  return (
    <div data-testid="cashier-cart" style={{ display: 'flex', flexDirection: 'column', gap: 10, height: '100%', minHeight: 0 }}>
      <ConfigProvider componentDisabled={props.locked}>
      <Space wrap>
        <Segmented<OrderType>
          value={draft.type}
          onChange={(type) => props.onDraft({ type })}
          options={props.orderTypes.map((type) => ({ value: type, label: t(`orderCashier.order.${type}`) }))}
          data-testid="cashier-type"
        />
        {draft.type === 'dine_in' && (
          <>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 120 }}
              popupMatchSelectWidth={220}
              value={draft.tableId}
              onChange={(tableId?: string) => props.onDraft({ tableId })}
              placeholder={t('orderCashier.order.tablePlaceholder')}
              aria-label={t('orderCashier.order.table')}
              data-testid="cashier-table"
              options={props.tables.map((tb) => ({ value: tb.id, label: tableLabel(tb, t) }))}
            />
            <InputNumber min={1} max={99} precision={0} style={{ width: 100 }} value={draft.guests ?? null} prefix={t('orderCashier.order.guests')}
              onChange={(v) => props.onDraft({ guests: typeof v === 'number' ? v : undefined })} aria-label={t('orderCashier.order.guests')} data-testid="cashier-guests" />
          </>
        )}
      </Space>

      <div data-testid="cashier-member" style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '6px 10px', borderRadius: 6, background: 'var(--ant-color-fill-quaternary, #fafafa)' }}>
        {member ? (
          <>
            <span>
              <Typography.Text strong>{member.name || member.memberNo}</Typography.Text>{' '}
              <Typography.Text type="secondary">{member.phone}</Typography.Text>{' '}
              <Tag color="gold">{member.levelName}</Tag>
              <Typography.Text>{t('orderCashier.member.balance')} <span data-testid="cashier-member-balance">{formatFen(member.balance)}</span></Typography.Text>
              {member.status === 'frozen' && <Tag color="red" style={{ marginLeft: 6 }}>{t('orderCashier.member.frozen')}</Tag>}
            </span>
            <Space size={0}>
              <Button type="link" size="small" onClick={props.onMember}>{t('orderCashier.member.change')}</Button>
              <Button type="link" size="small" danger onClick={props.onClearMember}>{t('orderCashier.member.clear')}</Button>
            </Space>
          </>
        ) : (
          <Button type="dashed" block onClick={props.onMember} data-testid="cashier-member-lookup">{t('orderCashier.member.lookup')} (F2)</Button>
        )}
      </div>

      <div style={{ flex: 1, overflowY: 'auto', minHeight: 120 }}>
        {draft.lines.length === 0
          ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.cart.empty')} />
          : draft.lines.map((line, i) => (
            <LineRow key={line.key} line={line} priced={priced?.[i]} refused={props.refusedKey === line.key} refusal={quote.refusal ?? props.createError} last={props.lastKey === line.key} props={props} />
          ))}
      </div>

      <Input.TextArea rows={1} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} value={draft.remark} placeholder={t('orderCashier.cart.orderRemarkPlaceholder')}
        onChange={(e) => props.onDraft({ remark: e.target.value })} aria-label={t('orderCashier.cart.orderRemark')} data-testid="cashier-remark" />

      {member && (
        <Select
          allowClear
          value={draft.couponId}
          onChange={(couponId?: string) => props.onDraft({ couponId })}
          placeholder={coupons.length ? t('orderCashier.cart.couponPlaceholder') : t('orderCashier.cart.couponNone')}
          disabled={coupons.length === 0 && !draft.couponId}
          aria-label={t('orderCashier.cart.coupon')}
          data-testid="cashier-coupon"
          options={coupons.map((c) => ({ value: c.id, label: `${c.name} (-${formatFen(c.discount)})` }))}
        />
      )}

      </ConfigProvider>

      {tab && (
        <Alert type="warning" showIcon data-testid="cashier-open-tab"
          title={t(tab.status === 'dining' ? 'orderCashier.order.openTab' : 'orderCashier.order.billedTab', { no: tab.orderNo, amount: formatFen(tab.payableAmount), due: formatFen(tabDue) })} />
      )}
      {quote.refusal && <Alert type="error" showIcon title={t('orderCashier.cart.refused', { message: quote.refusal })} data-testid="cashier-refusal" />}
      {props.createError && <Alert type="error" showIcon title={props.createError} data-testid="cashier-create-error" />}

      <div data-testid="cashier-amounts" style={{ display: 'flex', flexDirection: 'column', gap: 2, opacity: quote.pricing ? 0.6 : 1 }}>
        <Amount label={t('orderCashier.cart.goods')} value={amounts ? formatFen(amounts.goodsAmount) : t('orderCashier.cart.notPriced')} testId="cashier-goods" />
        {amounts && amounts.packingFee > 0 && <Amount label={t('orderCashier.cart.packing')} value={formatFen(amounts.packingFee)} testId="cashier-packing" />}
        {amounts && amounts.memberDiscount > 0 && <Amount label={t('orderCashier.cart.memberDiscount')} value={formatFen(-amounts.memberDiscount)} testId="cashier-member-discount" />}
        {amounts && amounts.couponDiscount > 0 && <Amount label={t('orderCashier.cart.coupon')} value={formatFen(-amounts.couponDiscount)} testId="cashier-coupon-discount" />}
        {tab && <Amount label={t('orderCashier.cart.round')} value={amounts ? formatFen(amounts.payableAmount) : t('orderCashier.cart.notPriced')} testId="cashier-round" />}
        {tab && <Amount label={t('orderCashier.cart.tabDue')} value={formatFen(tabDue)} testId="cashier-tab-due" />}
        <Amount strong label={t('orderCashier.cart.payable')} value={amounts ? formatFen(amounts.payableAmount + tabDue) : t('orderCashier.cart.notPriced')} testId="cashier-payable" />
        {quote.pricing && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('orderCashier.cart.pricing')}</Typography.Text>}
      </div>

      <Button type="primary" size="large" block disabled={!canSubmit} loading={props.submitting} onClick={props.onSubmit} data-testid="cashier-submit">
        {t(props.locked ? 'orderCashier.cart.continuePay' : 'orderCashier.cart.submit')} ({t('orderCashier.cart.submitHint')})
      </Button>
    </div>
  );
}
