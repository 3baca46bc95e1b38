import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, InputNumber, Modal, QRCode, Radio, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFen, yuanToFen, type MemberRow, type OrderPayResult, type OrderRecord, type PayMethod } from '@canteen/contract';
import { HttpError } from '../../../shared/http/client';
import { fetchPayment, payOrder } from './api';
import { dueOf, isSettled, payBody, quickTenders, yuanOf, type PayForm } from './pay';
import { randomId } from '../../../shared/random/random-id';
import './messages';

export interface PayDialogProps {
  order: OrderRecord;
  member: MemberRow | undefined;
  /** After each payment (the order as the server answered it). */
  onOrder: (order: OrderRecord) => void;
  onPaid: (order: OrderRecord) => void;
  onClose: () => void;
}

interface WechatWait {
  paymentId: string;
  codeUrl: string;
  payUrl: string | null;
}

/**
 * 收款: cash (tendered and change), the member's balance, or a WeChat Pay QR the customer scans
 * (the payment is read again every 2 s until the platform's notification has paid it). An amount
 * below what is due makes a split payment: the dialog stays for the rest.
 */
export function PayDialog({ order, member, onOrder, onPaid, onClose }: PayDialogProps) {
  const { t } = useTranslation();
  const due = dueOf(order);
  const [form, setForm] = useState<PayForm>({ method: 'cash', amount: yuanOf(due), tendered: null });
  // A new amount due (a part was paid): the next payment starts at what is left (set while rendering, React's way for derived resets).
  const [formDue, setFormDue] = useState(due);
  if (formDue !== due) {
    setFormDue(due);
    setForm({ ...form, amount: yuanOf(due), tendered: null });
  }
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wechat, setWechat] = useState<WechatWait>();
  // The same payment tried again (after a network failure) sends the same idempotency key.
  const attempt = useRef<{ body: string; key: string } | undefined>(undefined);

  // WeChat Pay: the payment is read every 2 s until the platform's notification has paid it
  // (the counter's own read: a cashier need not have order:order:get).
  useEffect(() => {
    if (!wechat) return;
    let stopped = false;
    const timer = setInterval(() => {
      fetchPayment(order.id, wechat.paymentId).then(({ order: now, payment }) => {
        if (stopped) return;
        if (payment.status !== 'success' && !isSettled(now)) return;
        setWechat(undefined);
        onOrder(now);
        if (isSettled(now)) onPaid(now);
      }, () => undefined); // a failed read: the next one asks again
    }, 2000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [wechat, order.id, onOrder, onPaid]);

  const checked = payBody(form, due);
  // The member's balance as looked up, less what this order has taken from it since.
  const balance = member ? member.balance - order.payments.filter((p) => p.method === 'balance' && p.status === 'success').reduce((n, p) => n + p.amount, 0) : 0;
  const balanceProblem =
    form.method !== 'balance' ? undefined
      : !member ? 'noMember'
        : member.status === 'frozen' ? 'frozen'
          : 'body' in checked && (checked.body.amount ?? due) > balance ? 'notEnough' : undefined;

  const submit = async () => {
    if ('problem' in checked) return setProblem(t(`orderCashier.pay.${checked.problem}`));
    const json = JSON.stringify(checked.body);
    if (attempt.current?.body !== json) attempt.current = { body: json, key: randomId() };
    setProblem(undefined);
    setBusy(true);
    let result: OrderPayResult;
    try {
      result = await payOrder(order.id, checked.body, attempt.current.key);
    } catch (error) {
      setProblem(error instanceof HttpError ? error.message : String(error));
      return;
    } finally {
      setBusy(false);
    }
    attempt.current = undefined;
    onOrder(result.order);
    if (result.payment.status === 'pending' && result.codeUrl) {
      setWechat({ paymentId: result.payment.id, codeUrl: result.codeUrl, payUrl: result.payUrl });
      return;
    }
    if (isSettled(result.order)) onPaid(result.order);
  };

  const methods: PayMethod[] = ['cash', 'balance', 'wechat'];
  const payments = order.payments.filter((p) => p.status === 'success');

  return (
    <Modal
      open
      title={t('orderCashier.pay.title', { no: order.orderNo })}
      onCancel={onClose}
      mask={{ closable: false }}
      width={560}
      footer={wechat ? [
        <Button key="other" onClick={() => setWechat(undefined)}>{t('orderCashier.pay.otherMethod')}</Button>,
      ] : [
        <Button key="close" onClick={onClose}>{t('orderCashier.pay.close')}</Button>,
        <Button key="pay" type="primary" loading={busy} disabled={balanceProblem !== undefined} onClick={() => void submit()} data-testid="pay-submit">
          {t('orderCashier.pay.submit')}
        </Button>,
      ]}
    >
      <div data-testid="pay-dialog">
        <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('orderCashier.pay.payable')}><span data-testid="pay-payable">{formatFen(order.payableAmount)}</span></Descriptions.Item>
          <Descriptions.Item label={t('orderCashier.pay.paid')}><span data-testid="pay-paid">{formatFen(order.paidAmount)}</span></Descriptions.Item>
          <Descriptions.Item label={t('orderCashier.pay.remaining')}>
            <Typography.Text type="danger" strong data-testid="pay-due">{formatFen(due)}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>

        {wechat ? (
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }} data-testid="pay-wechat">
            <Typography.Text>{t('orderCashier.pay.scan')}</Typography.Text>
            <QRCode value={wechat.codeUrl} size={200} data-testid="pay-qrcode" />
            <Typography.Text type="secondary">{t('orderCashier.pay.waiting')}</Typography.Text>
            {wechat.payUrl && (
              <a href={wechat.payUrl} target="_blank" rel="noreferrer" data-testid="pay-sim-link">{t('orderCashier.pay.openSim')}</a>
            )}
          </div>
        ) : (
          <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Radio.Group
                value={form.method}
                onChange={(e) => { setProblem(undefined); setForm({ ...form, method: e.target.value as PayMethod }); }}
                optionType="button"
                buttonStyle="solid"
                aria-label={t('orderCashier.pay.method')}
                options={methods.map((m) => ({ value: m, label: t(`orderCashier.pay.${m}`) }))}
                data-testid="pay-method"
              />
              <label>
                <div>{t('orderCashier.pay.amount')}</div>
                <InputNumber min={0.01} max={yuanOf(due)} step={1} precision={2} style={{ width: 200 }} value={form.amount}
                  onChange={(v) => setForm({ ...form, amount: typeof v === 'number' ? v : null })} data-testid="pay-amount" />
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{t('orderCashier.pay.amountHelp')}</Typography.Text>
              </label>
              {form.method === 'cash' && (
                <label>
                  <div>{t('orderCashier.pay.tendered')}</div>
                  <InputNumber autoFocus min={0} step={1} precision={2} style={{ width: 200 }} value={form.tendered} placeholder={form.amount == null ? '' : form.amount.toFixed(2)}
                    onChange={(v) => setForm({ ...form, tendered: typeof v === 'number' ? v : null })}
                    onPressEnter={() => void submit()} data-testid="pay-tendered" />
                  {'change' in checked && (
                    <Typography.Text strong style={{ marginLeft: 12 }}>
                      {t('orderCashier.pay.change')} <span data-testid="pay-change">{formatFen(checked.change)}</span>
                    </Typography.Text>
                  )}
                </label>
              )}
              {form.method === 'cash' && (
                <Space wrap data-testid="pay-quick-tenders" aria-label={t('orderCashier.pay.quickTenders')}>
                  {quickTenders(form.amount == null ? due : yuanToFen(form.amount)).map((fen, i) => (
                    <Button key={fen} size="large" onClick={() => setForm({ ...form, tendered: yuanOf(fen) })} data-testid={`pay-quick-${fen}`}>
                      {i === 0 ? t('orderCashier.pay.exact', { amount: formatFen(fen) }) : formatFen(fen)}
                    </Button>
                  ))}
                </Space>
              )}
              {form.method === 'balance' && member && (
                <Typography.Text data-testid="pay-balance">{t('orderCashier.pay.balanceOf', { balance: formatFen(balance) })}</Typography.Text>
              )}
              {balanceProblem && <Alert type="warning" showIcon title={t(`orderCashier.pay.${balanceProblem}`)} data-testid="pay-balance-problem" />}
            </Space>
          </form>
        )}

        {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid="pay-error" />}

        {payments.length > 0 && (
          <Table
            style={{ marginTop: 12 }}
            size="small"
            pagination={false}
            rowKey="id"
            title={() => t('orderCashier.pay.payments')}
            dataSource={payments}
            columns={[
              { title: t('orderCashier.pay.method'), dataIndex: 'method', render: (m: PayMethod) => t(`orderCashier.pay.${m}`) },
              { title: t('orderCashier.receipt.amount'), dataIndex: 'amount', render: (v: number) => formatFen(v) },
              { title: t('orderCashier.pay.change'), dataIndex: 'change', render: (v: number | null) => (v ? formatFen(v) : '') },
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
