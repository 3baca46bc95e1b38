import { KITCHEN_STATE_NAMES, TABLE_STATE_NAMES } from '@canteen/contract';
import { addMessages } from '../../../shared/i18n';

/** Texts of 桌台图 and the table panel (key `orderFloor`). */
addMessages(
  'orderFloor',
  {
    title: '桌台图', noStore: '您还没有可用的门店，请联系管理员分配门店', all: '全部', allStates: '全部状态', empty: '没有符合条件的桌台',
    states: TABLE_STATE_NAMES,
    kitchen: KITCHEN_STATE_NAMES,
    card: {
      seats: '{{n}}座', guests: '{{n}}人', minutes: '{{n}}分钟', amount: '已点 {{amount}}', unpaid: '未付 {{amount}}', rushed: '催{{n}}',
      mergedInto: '并入 {{code}}', merged: '并台 {{codes}}', open: '打开桌台 {{code}}',
    },
    panel: {
      title: '桌台 {{code}}', openTitle: '开台', guests: '就餐人数', note: '备注', notePlaceholder: '如 生日、靠窗', open: '开台',
      state: '状态', openedBy: '开台人', openedAt: '开台时间', elapsed: '用餐时长', amount: '消费金额', unpaid: '未付金额',
      orders: '订单', noOrders: '还没有点菜', round: '第{{n}}轮', rushedMark: '催', orderAmount: '{{no}} · {{status}} · {{amount}}',
      mergedInto: '本桌已并入 {{code}}，请在 {{code}} 结账', merged: '已并入本桌：{{codes}}',
    },
    actions: {
      addDishes: '加菜', rush: '催菜', bill: '买单', pay: '收款', transfer: '转台', merge: '并台', edit: '改人数', clear: '清台', void: '退菜',
      rushDone: '已催菜', billDone: '已买单，请收款', transferDone: '已转台', mergeDone: '已并台', editDone: '已修改', clearDone: '已清台', openDone: '已开台', voidDone: '已退菜',
      clearConfirm: '确认清台 {{code}}？', clearConfirmHint: '清台后桌台恢复空闲', ok: '确定', cancel: '取消',
      transferTitle: '转台：{{code}} 转到', mergeTitle: '并台：并入 {{code}} 的桌台', pickTable: '选择桌台', noFree: '没有空闲的桌台', noOccupied: '没有可并台的桌台',
      voidTitle: '退菜：{{name}}', voidQuantity: '退菜数量', voidReason: '退菜原因', voidReasonPlaceholder: '如 上菜太慢、点错了',
      editTitle: '修改开台信息',
      why: {
        unpaid: '还有未付金额，收款后才能清台', nothingToRush: '没有待制作的菜', noTab: '没有进行中的订单', paid: '已全部付清',
        merged: '本桌已并入其他桌台', notIdle: '转台只能转到空闲桌台', noDining: '没有就餐中的订单可买单', notUnpaid: '只能退未付款订单的菜',
      },
    },
  },
  {
    title: 'Table map', noStore: 'You work in no store yet: ask an administrator to assign one', all: 'All', allStates: 'All states', empty: 'No table matches',
    states: { idle: 'Free', opened: 'Seated', dining: 'Dining', billing: 'Bill asked', to_clear: 'To clear' },
    kitchen: { waiting: 'Waiting', making: 'Cooking', ready: 'Ready', served: 'Served' },
    card: {
      seats: '{{n}} seats', guests: '{{n}} guests', minutes: '{{n}} min', amount: 'Ordered {{amount}}', unpaid: 'Unpaid {{amount}}', rushed: 'Rush {{n}}',
      mergedInto: 'Joined {{code}}', merged: 'Merged {{codes}}', open: 'Open table {{code}}',
    },
    panel: {
      title: 'Table {{code}}', openTitle: 'Seat a party', guests: 'Guests', note: 'Note', notePlaceholder: 'e.g. birthday, by the window', open: 'Seat',
      state: 'State', openedBy: 'Seated by', openedAt: 'Seated at', elapsed: 'Time at table', amount: 'Ordered', unpaid: 'Unpaid',
      orders: 'Orders', noOrders: 'Nothing ordered yet', round: 'Round {{n}}', rushedMark: 'Rush', orderAmount: '{{no}} · {{status}} · {{amount}}',
      mergedInto: 'This table joined {{code}}: settle at {{code}}', merged: 'Joined this table: {{codes}}',
    },
    actions: {
      addDishes: 'Add dishes', rush: 'Rush', bill: 'Bill', pay: 'Take payment', transfer: 'Move', merge: 'Merge', edit: 'Guests', clear: 'Clear', void: 'Void',
      rushDone: 'Kitchen reminded', billDone: 'Bill asked: take the payment', transferDone: 'Party moved', mergeDone: 'Tables merged', editDone: 'Saved', clearDone: 'Table cleared', openDone: 'Party seated', voidDone: 'Dish voided',
      clearConfirm: 'Clear table {{code}}?', clearConfirmHint: 'The table becomes free', ok: 'OK', cancel: 'Cancel',
      transferTitle: 'Move {{code}} to', mergeTitle: 'Merge into {{code}} the table', pickTable: 'Choose a table', noFree: 'No free table', noOccupied: 'No table to merge',
      voidTitle: 'Void: {{name}}', voidQuantity: 'Quantity', voidReason: 'Reason', voidReasonPlaceholder: 'e.g. too slow, ordered by mistake',
      editTitle: 'Edit the seating',
      why: {
        unpaid: 'Still unpaid: take the payment first', nothingToRush: 'Nothing waiting in the kitchen', noTab: 'No open order', paid: 'All paid',
        merged: 'This table joined another', notIdle: 'A party moves to a free table only', noDining: 'No dining order to bill', notUnpaid: 'Only an unpaid order\'s dishes are voided',
      },
    },
  },
);
