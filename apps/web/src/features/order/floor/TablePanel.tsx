import { useState } from 'react';
import { App, Alert, Button, Descriptions, Drawer, Empty, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  floorEndpoints, formatFen, kitchenEndpoints, orderEndpoints, type Floor, type OrderLineRecord, type OrderRecord, type TableOpenBody, type TablePanel as Panel,
} from '@canteen/contract';
import { call } from '../../../shared/http/call';
import { useAction } from '../../../shared/http/useAction';
import { usePermission } from '../../../shared/session/session';
import { navigate } from '../../../shared/navigation/navigation';
import { PayDialog } from '../cashier/PayDialog';
import { ORDERS_KEY } from '../queryKeys';
import { cashierTableHref } from '../paths';
import { FLOOR_KEY, tablePanelKey, useTablePanel } from './api';
import { OrderRounds } from './OrderRounds';
import { PickTableModal } from './PickTableModal';
import { SessionForm } from './SessionForm';
import { freeTables, mergeableTables, minutesSince, STATE_COLOURS } from './state';
import { VoidLineModal } from './VoidLineModal';
import './messages';

const RUSHABLE = new Set<OrderRecord['status']>(['dining', 'pending', 'paid', 'making']);
const dueOf = (o: OrderRecord) => Math.max(0, o.payableAmount - o.paidAmount);
const INVALIDATES = [[FLOOR_KEY], [ORDERS_KEY]] as const;

type Dialog = { kind: 'transfer' | 'merge' | 'edit' | 'pay' } | { kind: 'void'; order: OrderRecord; line: OrderLineRecord };

/** A button of the panel: shown with its permission only, disabled with the reason when the state does not allow it. */
function Action({ allowed, why, ...props }: { allowed: boolean; why: string | undefined } & React.ComponentProps<typeof Button>) {
  if (!allowed) return null;
  const button = <Button size="large" disabled={why !== undefined} {...props} />;
  return why ? <span title={why} data-why={why}>{button}</span> : button;
}

/** The open seating's header and actions, and its orders by round. */
function Seating({ panel, floor, now, onClose }: { panel: Panel; floor: Floor; now: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = panel.table;
  const s = table.session!;
  const [dialog, setDialog] = useState<Dialog>();
  const can = {
    add: usePermission('order:cashier:index'), rush: usePermission('order:floor:index'), bill: usePermission('order:order:edit'),
    pay: usePermission('order:cashier:pay'), transfer: usePermission('order:floor:transfer'), edit: usePermission('order:floor:open'),
    clear: usePermission('order:floor:clear'), void: usePermission('order:floor:void'),
  };
  const orders = panel.orders;
  const kitchen = new Map(panel.kitchen.map((k) => [k.lineId, k]));
  const merged = s.mergedIntoId !== null;
  const dining = orders.filter((o) => o.status === 'dining');
  const toPay = orders.find((o) => (o.status === 'dining' || o.status === 'pending') && dueOf(o) > 0);
  const done = (text: string) => ({ success: text, invalidates: INVALIDATES, onSuccess: () => setDialog(undefined) });
  const id = { params: { id: table.id } };

  const rush = useAction({
    run: async () => {
      // Each unfinished order's lines still in the kitchen; an order with none says so, quietly.
      const results = await Promise.allSettled(orders.filter((o) => RUSHABLE.has(o.status)).map((o) => call(kitchenEndpoints.rush, { params: { id: o.id }, body: { lineIds: [] } }, { silent: true })));
      const failed = results.find((r) => r.status === 'rejected');
      if (!results.some((r) => r.status === 'fulfilled') && failed) void message.error((failed.reason as Error).message);
    },
    success: 'orderFloor.actions.rushDone', invalidates: INVALIDATES,
  });
  const bill = useAction({ run: () => Promise.all(dining.map((o) => call(orderEndpoints.bill, { params: { id: o.id } }))), ...done('orderFloor.actions.billDone') });
  const transfer = useAction({ run: (toTableId: string) => call(floorEndpoints.transfer, { ...id, body: { toTableId } }), ...done('orderFloor.actions.transferDone'), onSuccess: onClose });
  const merge = useAction({ run: (fromTableId: string) => call(floorEndpoints.merge, { ...id, body: { fromTableId } }), ...done('orderFloor.actions.mergeDone') });
  const edit = useAction({ run: (body: TableOpenBody) => call(floorEndpoints.edit, { ...id, body }), ...done('orderFloor.actions.editDone') });
  const clear = useAction({ run: () => call(floorEndpoints.clear, id), ...done('orderFloor.actions.clearDone'), onSuccess: onClose });
  const voidLine = useAction({
    run: ({ order, line, body }: { order: OrderRecord; line: OrderLineRecord; body: { quantity: number; reason: string } }) =>
      call(kitchenEndpoints.voidLine, { params: { id: order.id, lineId: line.id }, body }),
    ...done('orderFloor.actions.voidDone'),
  });

  const why = {
    add: merged ? t('orderFloor.actions.why.merged') : undefined,
    rush: s.linesToMake === 0 ? t('orderFloor.actions.why.nothingToRush') : undefined,
    bill: merged ? t('orderFloor.actions.why.merged') : dining.length === 0 ? t('orderFloor.actions.why.noDining') : undefined,
    pay: merged ? t('orderFloor.actions.why.merged') : toPay ? undefined : t('orderFloor.actions.why.paid'),
    clear: s.unpaidAmount > 0 ? t('orderFloor.actions.why.unpaid') : undefined,
  };

  return (
    <>
      <Descriptions size="small" column={2} bordered data-testid="floor-panel-header" items={[
        { key: 'state', label: t('orderFloor.panel.state'), children: <Tag style={{ borderColor: STATE_COLOURS[s.state].border, color: STATE_COLOURS[s.state].text, background: STATE_COLOURS[s.state].background }}>{t(`orderFloor.states.${s.state}`)}</Tag> },
        { key: 'guests', label: t('orderFloor.panel.guests'), children: s.guests },
        { key: 'by', label: t('orderFloor.panel.openedBy'), children: s.openedBy },
        { key: 'at', label: t('orderFloor.panel.openedAt'), children: new Date(s.openedAt).toLocaleTimeString() },
        { key: 'elapsed', label: t('orderFloor.panel.elapsed'), children: t('orderFloor.card.minutes', { n: minutesSince(s.openedAt, now) }) },
        { key: 'amount', label: t('orderFloor.panel.amount'), children: formatFen(s.amount) },
        { key: 'unpaid', label: t('orderFloor.panel.unpaid'), children: <strong data-testid="floor-panel-unpaid">{formatFen(s.unpaidAmount)}</strong> },
        ...(s.note ? [{ key: 'note', label: t('orderFloor.panel.note'), children: s.note }] : []),
      ]} />
      {s.mergedIntoTableCode && <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('orderFloor.panel.mergedInto', { code: s.mergedIntoTableCode })} />}
      {s.mergedTableCodes.length > 0 && <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('orderFloor.panel.merged', { codes: s.mergedTableCodes.join('、') })} />}

      <Space wrap size={8} style={{ margin: '12px 0' }} data-testid="floor-actions">
        <Action allowed={can.add} why={why.add} type="primary" onClick={() => navigate(cashierTableHref(table.id))} data-testid="floor-add">{t('orderFloor.actions.addDishes')}</Action>
        <Action allowed={can.rush} why={why.rush} loading={rush.busy} onClick={() => void rush.run()} data-testid="floor-rush">{t('orderFloor.actions.rush')}</Action>
        <Action allowed={can.bill} why={why.bill} loading={bill.busy} onClick={() => void bill.run()} data-testid="floor-bill">{t('orderFloor.actions.bill')}</Action>
        <Action allowed={can.pay} why={why.pay} onClick={() => setDialog({ kind: 'pay' })} data-testid="floor-pay">{t('orderFloor.actions.pay')}</Action>
        <Action allowed={can.transfer} why={merged ? t('orderFloor.actions.why.merged') : undefined} onClick={() => setDialog({ kind: 'transfer' })} data-testid="floor-transfer">{t('orderFloor.actions.transfer')}</Action>
        <Action allowed={can.transfer} why={merged ? t('orderFloor.actions.why.merged') : undefined} onClick={() => setDialog({ kind: 'merge' })} data-testid="floor-merge">{t('orderFloor.actions.merge')}</Action>
        <Action allowed={can.edit} why={undefined} onClick={() => setDialog({ kind: 'edit' })} data-testid="floor-edit">{t('orderFloor.actions.edit')}</Action>
        {can.clear && (
          why.clear ? <Action allowed why={why.clear} danger data-testid="floor-clear">{t('orderFloor.actions.clear')}</Action> : (
            <Popconfirm title={t('orderFloor.actions.clearConfirm', { code: table.code })} description={t('orderFloor.actions.clearConfirmHint')}
              okText={t('orderFloor.actions.ok')} cancelText={t('orderFloor.actions.cancel')} onConfirm={() => clear.run()}>
              <Button size="large" danger loading={clear.busy} data-testid="floor-clear">{t('orderFloor.actions.clear')}</Button>
            </Popconfirm>
          )
        )}
      </Space>

      <Typography.Title level={5}>{t('orderFloor.panel.orders')}</Typography.Title>
      {orders.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderFloor.panel.noOrders')} />
        : orders.map((o) => <OrderRounds key={o.id} order={o} kitchen={kitchen} canVoid={can.void} onVoid={(order, line) => setDialog({ kind: 'void', order, line })} />)}

      {dialog?.kind === 'transfer' && (
        <PickTableModal title={t('orderFloor.actions.transferTitle', { code: table.code })} tables={freeTables(floor.tables, table.id)} empty={t('orderFloor.actions.noFree')}
          busy={transfer.busy} onPick={(toTableId) => transfer.run(toTableId)} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'merge' && (
        <PickTableModal title={t('orderFloor.actions.mergeTitle', { code: table.code })} tables={mergeableTables(floor.tables, table.id)} empty={t('orderFloor.actions.noOccupied')}
          busy={merge.busy} onPick={(fromTableId) => merge.run(fromTableId)} onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'void' && (
        <VoidLineModal line={dialog.line} left={dialog.line.quantity - dialog.line.refundedQuantity - (kitchen.get(dialog.line.id)?.voidedQuantity ?? 0)} busy={voidLine.busy} onClose={() => setDialog(undefined)}
          onVoid={(body) => voidLine.run({ order: dialog.order, line: dialog.line, body: { quantity: body.quantity, reason: body.reason } })} />
      )}
      {dialog?.kind === 'edit' && (
        <Drawer open title={t('orderFloor.actions.editTitle')} size={360} onClose={() => setDialog(undefined)}>
          <SessionForm initial={{ guests: s.guests, note: s.note }} submitText={t('orderFloor.actions.ok')} busy={edit.busy} onSubmit={(body) => edit.run(body)} />
        </Drawer>
      )}
      {dialog?.kind === 'pay' && toPay && (
        <PayDialog order={toPay} member={undefined}
          onOrder={() => void queryClient.invalidateQueries({ queryKey: tablePanelKey(table.id) })}
          onPaid={() => { setDialog(undefined); void queryClient.invalidateQueries({ queryKey: [FLOOR_KEY] }); void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] }); }}
          onClose={() => setDialog(undefined)} />
      )}
    </>
  );
}

/** A table's panel (a drawer over the map): 开台 for a free table, otherwise its seating, orders and actions. */
export function TablePanel({ tableId, floor, now, onClose }: { tableId: string; floor: Floor; now: number; onClose: () => void }) {
  const { t } = useTranslation();
  const panel = useTablePanel(tableId);
  const canOpen = usePermission('order:floor:open');
  const table = panel.data?.table ?? floor.tables.find((tb) => tb.id === tableId);
  const open = useAction({
    run: (body: TableOpenBody) => call(floorEndpoints.open, { params: { id: tableId }, body }),
    success: 'orderFloor.actions.openDone', invalidates: [[FLOOR_KEY]],
  });
  return (
    <Drawer open onClose={onClose} size={560} title={t('orderFloor.panel.title', { code: table?.code ?? '' })} data-testid="floor-panel" destroyOnHidden>
      {!panel.data ? <Skeleton active /> : panel.data.table.session ? (
        <Seating panel={panel.data} floor={floor} now={now} onClose={onClose} />
      ) : canOpen ? (
        <>
          <Typography.Title level={5}>{t('orderFloor.panel.openTitle')}</Typography.Title>
          <SessionForm initial={{ guests: panel.data.table.seats || 2, note: '' }} submitText={t('orderFloor.panel.open')} busy={open.busy} onSubmit={(body) => open.run(body)} />
        </>
      ) : <Tag>{t('orderFloor.states.idle')}</Tag>}
    </Drawer>
  );
}
