import { useState } from 'react';
import { Button, Drawer, Popconfirm, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrderDrawerSections } from '../../../shared/order-drawer/OrderDrawerSections';
import { usePermissionCheck } from '../../../shared/session/session';
import { useOrder } from './api';
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
  const [dialog, setDialog] = useState<'cancel' | 'refund' | undefined>();
  const o = order.data;
  const actions = o ? actionsFor(o, allowed) : [];

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
          <OrderDrawerSections orderId={o.id} orderNo={o.orderNo} storeId={o.storeId} />
          <OrderTimeline order={o} />
          {dialog === 'cancel' && <CancelDialog order={o} onClose={() => setDialog(undefined)} />}
          {dialog === 'refund' && <RefundDialog order={o} onClose={() => setDialog(undefined)} />}
        </>
      )}
    </Drawer>
  );
}
