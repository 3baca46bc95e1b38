import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Card, Empty, Skeleton, Space, Tag, Typography, type InputRef } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MemberRow, OrderRecord, OrderType } from '@canteen/contract';
import { HttpError } from '../../../shared/http/client';
import { usePermission } from '../../../shared/session/session';
import { useCurrentStore } from '../../../shared/store/current-store';
import { usePaneSearch } from '../../../shared/navigation/pane';
import { FLOOR_KEY } from '../floor/api';
import { useFloorRefresh } from '../useFloorRefresh';
import { MEMBERS_KEY, MENU_KEY, ORDERS_KEY, addRound, createOrder, fetchOpenTab, useCashierTables, useOpenTab, useOrderingMenu, useQuote, type QuoteState } from './api';
import { addLine, changeQuantity, emptyDraft, lineNamedBy, removeLine, setLineRemark, setQuantity, toOrderCart, type CartDraft, type CartLine } from './cart';
import { CartPanel } from './CartPanel';
import { ItemPicker } from './ItemPicker';
import { MemberLookup } from './MemberLookup';
import { MenuPanel } from './MenuPanel';
import { PayDialog } from './PayDialog';
import { dishNeedsPicker, comboNeedsPicker, dishLine, defaultDishChoice, comboLine, defaultComboChoice } from './picker';
import { Receipt } from './Receipt';
import { visibleItems, type MenuItem } from './search';
import { randomId } from '../../../shared/random/random-id';
import './messages';

/** A placed order's amounts and lines in the shape the cart shows a quote in. */
function orderAsQuote(order: OrderRecord): QuoteState {
  const lines = order.lines.filter((l) => l.parentId === null).map((l) => ({
    ...l,
    children: order.lines.filter((c) => c.parentId === l.id).map((c) => ({ name: c.name, specText: c.specText, quantity: c.quantity })),
  }));
  return { quote: { ...order, lines, coupons: [] }, refusal: undefined, fresh: true, pricing: false };
}

/** Typing in a field of its own (a remark, a number): the counter's keys leave it alone. A radio or a checkbox is no field to type in. */
const TEXT_INPUTS = new Set(['text', 'search', 'number', 'tel', 'email', 'password', 'url']);
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.tagName === 'TEXTAREA' || (target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type)));

function KeyHints() {
  const { t } = useTranslation();
  const keys = ['search', 'arrows', 'enter', 'plusMinus', 'member', 'pay', 'esc'] as const;
  return (
    <Space size={4} wrap data-testid="cashier-keys">
      <Typography.Text type="secondary">{t('orderCashier.keys.hint')}:</Typography.Text>
      {keys.map((k) => <Tag key={k}>{t(`orderCashier.keys.${k}`)}</Tag>)}
    </Space>
  );
}

/** The counter of one store: the menu on the left, the cart on the right, then payment and the receipt. */
function Counter({ storeId, storeName }: { storeId: string; storeName: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canPay = usePermission('order:cashier:pay');
  const menu = useOrderingMenu(storeId);
  const storeTypes = menu.data?.store.orderTypes;
  const orderTypes = useMemo<OrderType[]>(() => (storeTypes?.length ? storeTypes : ['dine_in', 'takeaway']), [storeTypes]);

  // 加菜 from the table map opens the counter with ?tableId=: that table, dine-in (again each time it changes).
  const linkedTable = new URLSearchParams(usePaneSearch()).get('tableId') ?? undefined;
  const [chosen, setDraft] = useState<CartDraft>(() => ({ ...emptyDraft(), ...(linkedTable ? { type: 'dine_in' as const, tableId: linkedTable } : {}) }));
  const [linkedSeen, setLinkedSeen] = useState(linkedTable);
  if (linkedSeen !== linkedTable) {
    setLinkedSeen(linkedTable);
    if (linkedTable) setDraft((d) => ({ ...d, type: 'dine_in', tableId: linkedTable }));
  }
  const [member, setMember] = useState<MemberRow>();
  const [lastKey, setLastKey] = useState<string>();
  const [categoryId, setCategoryId] = useState<string>();
  const [keyword, setKeyword] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const [picking, setPicking] = useState<MenuItem>();
  const [lookingUp, setLookingUp] = useState(false);
  const [order, setOrder] = useState<OrderRecord>();
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<OrderRecord>();
  const [submitting, setSubmitting] = useState(false);
  // F9 pressed while the cart's quote was on its way (it was lost): the cart it was pressed for,
  // taken once that cart's quote is in; a cart changed meanwhile drops it.
  const [submitWantedFor, setSubmitWantedFor] = useState<string>();
  const [createError, setCreateError] = useState<string>();
  const search = useRef<InputRef>(null);
  // The same cart sent again (after a network failure) carries the same idempotency key: never two orders.
  const attempt = useRef<{ cart: string; key: string } | undefined>(undefined);

  // A store whose menu allows one order type only takes orders of it.
  const firstType = orderTypes[0]!;
  const draft = useMemo(() => (orderTypes.includes(chosen.type) ? chosen : { ...chosen, type: firstType }), [chosen, orderTypes, firstType]);

  const canSeeFloor = usePermission('order:floor:index');
  const canSeeTables = usePermission('store:table:index') || canSeeFloor;
  const tables = useCashierTables(storeId, canSeeTables && draft.type === 'dine_in', canSeeFloor);
  // The floor's events keep the picker's states current (a table opened or paid elsewhere).
  useFloorRefresh(canSeeFloor && draft.type === 'dine_in' ? storeId : null, [FLOOR_KEY], ['table', 'plan']);
  // A table with an open tab: the cart is its next round, and 应收 is the tab's unpaid amount with this round.
  const openTab = useOpenTab(draft.type === 'dine_in' && !order ? draft.tableId : undefined).data ?? undefined;
  const items = useMemo(() => visibleItems(menu.data, categoryId, keyword), [menu.data, categoryId, keyword]);
  const cart = useMemo(() => toOrderCart(storeId, draft), [storeId, draft]);
  const quoted = useQuote(order ? undefined : cart);
  // Once the order is placed, the cart shows the order's own amounts.
  const quote = useMemo(() => (order ? orderAsQuote(order) : quoted), [order, quoted]);
  const refusedKey = lineNamedBy(draft.lines, quote.refusal ?? createError);

  const change = useCallback((next: Partial<CartDraft>) => { setCreateError(undefined); setDraft((d) => ({ ...d, ...next })); }, []);
  const changeLines = useCallback((f: (lines: CartLine[]) => CartLine[]) => { setCreateError(undefined); setDraft((d) => ({ ...d, lines: f(d.lines) })); }, []);

  const add = useCallback((line: Omit<CartLine, 'key'>) => {
    setCreateError(undefined);
    setDraft((d) => {
      const added = addLine(d.lines, line);
      setLastKey(added.key);
      return { ...d, lines: added.lines };
    });
    setPicking(undefined);
  }, []);

  const pick = useCallback((m: MenuItem) => {
    if (!m.item.available) return;
    if (m.kind === 'dish' && !dishNeedsPicker(m.item)) return add(dishLine(m.item, defaultDishChoice(m.item)));
    if (m.kind === 'combo' && !comboNeedsPicker(m.item)) return add(comboLine(m.item, defaultComboChoice(m.item)));
    setPicking(m);
  }, [add]);

  const bumpLast = useCallback((direction: 1 | -1) => {
    const key = lastKey ?? draft.lines.at(-1)?.key;
    if (!key) return;
    changeLines((lines) => changeQuantity(lines, key, direction));
  }, [lastKey, draft.lines, changeLines]);

  const pickMember = (m: MemberRow) => {
    setMember(m);
    setLookingUp(false);
    change({ memberId: m.id, couponId: undefined });
  };

  const submit = useCallback(async () => {
    if (order) return setPaying(canPay);
    if (!cart || !quote.fresh || quote.refusal || submitting) return;
    const json = JSON.stringify(cart);
    if (attempt.current?.cart !== json) attempt.current = { cart: json, key: randomId() };
    setSubmitting(true);
    setCreateError(undefined);
    try {
      // A pay-later table with an open order (就餐中): the cart is its next round (加菜), not a second order.
      const tab = cart.type === 'dine_in' && cart.tableId ? await fetchOpenTab(cart.tableId) : null;
      const created = tab?.status === 'dining' ? await addRound(tab.id, cart, attempt.current.key) : await createOrder(cart, attempt.current.key);
      attempt.current = undefined;
      setOrder(created);
      setPaying(canPay);
      void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
      // Stock was taken: the menu's sold-out marks may have changed.
      void queryClient.invalidateQueries({ queryKey: [MENU_KEY, storeId] });
    } catch (error) {
      setCreateError(error instanceof HttpError ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  }, [cart, quote.fresh, quote.refusal, submitting, order, canPay, queryClient, storeId]);

  const submitWanted = submitWantedFor !== undefined && submitWantedFor === JSON.stringify(cart);
  useEffect(() => {
    if (!submitWanted || !quote.fresh) return;
    // Taken after this render, as a click would be.
    const taken = setTimeout(() => {
      setSubmitWantedFor(undefined);
      if (!quote.refusal) void submit();
    }, 0);
    return () => clearTimeout(taken);
  }, [submitWanted, quote.fresh, quote.refusal, submit]);

  const startOver = useCallback(() => {
    setDraft(emptyDraft(firstType));
    setMember(undefined);
    setOrder(undefined);
    setPaid(undefined);
    setPaying(false);
    setLastKey(undefined);
    setCreateError(undefined);
    setKeyword('');
    attempt.current = undefined;
    setTimeout(() => search.current?.focus(), 0);
  }, [firstType]);

  const onPaid = useCallback((done: OrderRecord) => {
    setPaying(false);
    setPaid(done);
    void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
    void queryClient.invalidateQueries({ queryKey: [MEMBERS_KEY] });
  }, [queryClient]);

  // The counter's keys: / search, F2 member, F9 pay, + and − the last line (Esc: antd's dialogs close themselves).
  const dialogOpen = picking !== undefined || lookingUp || paying || paid !== undefined;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialogOpen) return;
      if (e.key === 'F2') { e.preventDefault(); if (!order) setLookingUp(true); return; }
      if (e.key === 'F9') {
        e.preventDefault();
        if (!order && cart && !quote.fresh && !quote.refusal) setSubmitWantedFor(JSON.stringify(cart));
        else void submit();
        return;
      }
      if (typingIn(e.target)) return;
      if (e.key === '/') { e.preventDefault(); search.current?.focus(); return; }
      if (order) return;
      if (e.key === '+' || e.key === '=') { e.preventDefault(); bumpLast(1); return; }
      if (e.key === '-') { e.preventDefault(); bumpLast(-1); return; }
      // Enter and ↑↓ work on the cards from anywhere but a control (a button, link or radio takes them itself).
      const onControl = e.target instanceof HTMLElement && e.target.closest('button, a, input, select, [role="button"], [role="radio"], [role="combobox"]') !== null;
      if (e.key === 'Enter' && !onControl) {
        const m = items[highlighted];
        if (m) { e.preventDefault(); pick(m); }
      } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (onControl) return;
        e.preventDefault();
        setHighlighted((h) => (e.key === 'ArrowDown' ? Math.min(h + 1, Math.max(items.length - 1, 0)) : Math.max(h - 1, 0)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialogOpen, order, cart, quote.fresh, quote.refusal, submit, bumpLast, items, highlighted, pick]);

  const onSearchKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (order) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      const m = items[highlighted];
      if (m) pick(m);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      setHighlighted((h) => Math.min(h + 1, Math.max(items.length - 1, 0)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setHighlighted((h) => Math.max(h - 1, 0));
    } else if (e.key === '+' || e.key === '-') {
      // Dish names have no + or −: in the search box they change the last line, as elsewhere.
      e.preventDefault();
      bumpLast(e.key === '+' ? 1 : -1);
    }
  };

  if (menu.isPending) return <Card variant="borderless" aria-label={t('orderCashier.menu.loading')}><Skeleton active /></Card>;
  if (!menu.data) return <Card variant="borderless"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /></Card>;

  return (
    <div data-testid="cashier" style={{ display: 'flex', flexDirection: 'column', gap: 8, height: 'calc(100vh - 200px)', minHeight: 560 }}>
      <KeyHints />
      <div style={{ display: 'flex', gap: 12, flex: 1, minHeight: 0 }}>
        <Card variant="borderless" style={{ flex: 1, minWidth: 0 }} styles={{ body: { height: '100%', padding: 12 } }}>
          <MenuPanel
            ref={search}
            menu={menu.data}
            categoryId={categoryId}
            onCategory={(id) => { setCategoryId(id); setHighlighted(0); }}
            keyword={keyword}
            onKeyword={(k) => { setKeyword(k); setHighlighted(0); }}
            items={items}
            highlighted={highlighted}
            onHighlight={setHighlighted}
            onPick={(m) => { if (!order) pick(m); }}
            onSearchKey={onSearchKey}
          />
        </Card>
        <Card variant="borderless" style={{ width: 420, flex: 'none' }} styles={{ body: { height: '100%', padding: 12, display: 'flex', flexDirection: 'column', gap: 8 } }}>
          <Typography.Title level={5} style={{ margin: 0 }}>{t('orderCashier.cart.title')}</Typography.Title>
          {order && !paid && (
            <Alert
              type="info"
              showIcon
              data-testid="cashier-created"
              title={t('orderCashier.cart.created', { no: order.orderNo })}
              action={
                <Space orientation="vertical" size={4}>
                  {canPay && <a onClick={() => setPaying(true)} data-testid="cashier-continue-pay">{t('orderCashier.cart.continuePay')}</a>}
                  <a onClick={startOver}>{t('orderCashier.cart.newOrder')}</a>
                </Space>
              }
            />
          )}
          <div style={{ flex: 1, minHeight: 0 }}>
            <CartPanel
              draft={draft}
              orderTypes={orderTypes}
              tables={tables}
              openTab={openTab ?? undefined}
              member={member}
              quote={quote}
              refusedKey={refusedKey}
              lastKey={lastKey}
              onDraft={change}
              onQuantity={(key, direction) => { setLastKey(key); changeLines((lines) => changeQuantity(lines, key, direction)); }}
              onSetQuantity={(key, quantity) => { setLastKey(key); changeLines((lines) => setQuantity(lines, key, quantity)); }}
              onRemove={(key) => changeLines((lines) => removeLine(lines, key))}
              onLineRemark={(key, remark) => changeLines((lines) => setLineRemark(lines, key, remark))}
              onMember={() => setLookingUp(true)}
              onClearMember={() => { setMember(undefined); change({ memberId: undefined, couponId: undefined }); }}
              onSubmit={() => void submit()}
              submitting={submitting || submitWanted}
              createError={createError}
              locked={order !== undefined}
            />
          </div>
        </Card>
      </div>
      {picking && <ItemPicker item={picking} onAdd={add} onClose={() => setPicking(undefined)} />}
      <MemberLookup open={lookingUp} onPick={pickMember} onClose={() => setLookingUp(false)} />
      {order && paying && !paid && (
        <PayDialog order={order} member={member} onOrder={setOrder} onPaid={onPaid} onClose={() => setPaying(false)} />
      )}
      {paid && <Receipt order={paid} storeName={storeName} onNew={startOver} />}
    </div>
  );
}

/** 收银台 (order:cashier:index): taking orders at the counter of the current store. */
export default function CashierPage() {
  const { t } = useTranslation();
  const { storeId, storeName, loading } = useCurrentStore();
  if (loading) return <Card variant="borderless"><Skeleton active /></Card>;
  if (!storeId) return <Card variant="borderless"><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderCashier.noStore')} data-testid="no-store" /></Card>;
  return <Counter key={storeId} storeId={storeId} storeName={storeName ?? ''} />;
}
