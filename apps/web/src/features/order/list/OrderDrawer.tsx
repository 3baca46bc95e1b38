import { useCallback, useState } from 'react';
import { App, Button, Drawer, Popconfirm, Skeleton, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderRecord } from '@canteen/contract';
import { OrderDrawerSections } from '../../../shared/order-drawer/OrderDrawerSections';
import { usePermissionCheck } from '../../../shared/session/session';
import { MEMBERS_KEY } from '../cashier/api';
import { PayDialog } from '../cashier/PayDialog';
import { ORDERS_KEY } from '../queryKeys';
import { useOrder, useOrderMember } from './api';
import { CancelDialog } from './CancelDialog';
import { OrderAmounts, OrderInfo, OrderLines, OrderPayments, OrderRefunds, OrderTimeline } from './OrderSections';
import { RefundDialog } from './RefundDialog';
import { actionsFor } from './status';
import { useOrderActions } from './useOrderActions';
import '../messages-list';

/** One order: facts, lines, amounts, payments, refunds and the log; the actions its state and the user's codes allow. */
export function OrderDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const order = useOrder(id);
  const allowed = usePermissionCheck();
  const { accept, finish, bill } = useOrderActions();
  const [dialog, setDialog] = useState<'cancel' | 'refund' | 'pay' | undefined>();
  const o = order.data;
  const actions = o ? actionsFor(o, allowed) : [];
  const member = useOrderMember(o?.memberId ?? null, dialog === 'pay' && allowed('customer:member:index'));
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  // 收款 as at the counter: each payment shows at once, a settled order closes the dialog and refreshes the list.
  const onPaidPart = useCallback((paid: OrderRecord) => queryClient.setQueryData([ORDERS_KEY, 'detail', paid.id], paid), [queryClient]);
  const onPaid = useCallback((paid: OrderRecord) => {
    queryClient.setQueryData([ORDERS_KEY, 'detail', paid.id], paid);
    setDialog(undefined);
    void message.success(t('orderList.actions.paid'));
    void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
    void queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] });
  }, [queryClient, message, t]);

  return (
    <Drawer
      open
      size={920}
      title={o ? `${t('orderList.drawer.title')} · ${o.orderNo}` : t('orderList.drawer.title')}
      onClose={onClose}
      destroyOnHidden
      data-testid="order-drawer"
      extra={
        o && (
          <Space>
            {actions.includes('accept') && (
              <Popconfirm title={t('orderList.actions.confirmAccept', { orderNo: o.orderNo })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => accept.run(o.id)}>
                <Button type="primary" loading={accept.busy} data-testid="order-accept">{t('orderList.actions.accept')}</Button>
              </Popconfirm>
            )}
            {actions.includes('finish') && (
              <Popconfirm title={t('orderList.actions.confirmFinish', { orderNo: o.orderNo })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => finish.run(o.id)}>
                <Button type="primary" loading={finish.busy} data-testid="order-finish">{t('orderList.actions.finish')}</Button>
              </Popconfirm>
            )}
            {actions.includes('bill') && (
              <Popconfirm title={t('orderList.actions.confirmBill', { orderNo: o.orderNo })} okText={t('resource.ok')} cancelText={t('resource.cancel')} onConfirm={() => bill.run(o.id)}>
                <Button type="primary" loading={bill.busy} data-testid="order-bill">{t('orderList.actions.bill')}</Button>
              </Popconfirm>
            )}
            {actions.includes('pay') && <Button type="primary" onClick={() => setDialog('pay')} data-testid="order-pay">{t('orderList.actions.pay')}</Button>}
            {actions.includes('refund') && <Button danger onClick={() => setDialog('refund')} data-testid="order-refund">{t('orderList.actions.refund')}</Button>}
            {actions.includes('cancel') && <Button danger onClick={() => setDialog('cancel')} data-testid="order-cancel">{t('orderList.actions.cancel')}</Button>}
          </Space>
        )
      }
    >
      {!o ? (
        <Skeleton active aria-label={t('orderList.drawer.loading')} />
      ) : (
        <>
          <OrderInfo order={o} />
          <OrderLines order={o} />
          <OrderAmounts order={o} />
          <OrderPayments order={o} />
          <OrderRefunds order={o} />
          <OrderDrawerSections orderId={o.id} orderNo={o.orderNo} storeId={o.storeId} revision={`${o.status}:${o.payments.length}:${o.refunds.length}:${o.logs.length}`} />
          <OrderTimeline order={o} />
          {dialog === 'cancel' && <CancelDialog order={o} onClose={() => setDialog(undefined)} />}
          {dialog === 'refund' && <RefundDialog order={o} onClose={() => setDialog(undefined)} />}
          {dialog === 'pay' && (
            <PayDialog order={o} member={member.data} onOrder={onPaidPart} onPaid={onPaid} onClose={() => { setDialog(undefined); void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] }); }} />
          )}
        </>
      )}
    </Drawer>
  );
}
