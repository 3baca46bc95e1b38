import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { formatFen, type DinerCart, type OrderingMenu, type OrderQuote } from '@canteen/contract';
import { dinerCall, keepTabSecret, newIdempotencyKey, tabSecretOf } from './api';
import { cartCount, changeQuantity, quantityText, toDinerCart, type CartLine } from './cart';
import type { Translate } from './i18n';
import { orderPagePath } from './paths';

interface Props {
  t: Translate;
  tableToken: string;
  menu: OrderingMenu;
  payMode: 'pay_first' | 'pay_later';
  open: boolean;
  /** What the page says while the store is closed (本店休息中 and when it opens). */
  closedText: string;
  cart: CartLine[];
  setCart: Dispatch<SetStateAction<CartLine[]>>;
  /** The order was placed: the cart is empty now, here and in the page's storage. */
  onOrdered: () => void;
  onClose: () => void;
  navigate: (to: string) => void;
}

/**
 * The cart: lines with their counts, dine-in or takeaway (when the store allows takeaway), a
 * remark, the server's price (a quote, asked again as the cart changes), and 提交订单. A refusal
 * (sold out, closed) is the server's message, naming the dish.
 */
export function CartSheet({ t, tableToken, menu, payMode, open, closedText, cart, setCart, onOrdered, onClose, navigate }: Props) {
  const types = menu.store.orderTypes;
  const [type, setType] = useState<'dine_in' | 'takeaway'>(types.includes('dine_in') ? 'dine_in' : 'takeaway');
  const [remark, setRemark] = useState('');
  const [quote, setQuote] = useState<OrderQuote>();
  const [problem, setProblem] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  // One key per cart as submitted: pressing again after a lost answer gets the same order back.
  const attempt = useRef<{ body: string; key: string }>(undefined);

  const body = cart.length ? toDinerCart(cart, type, remark) : undefined;
  const quoteBody = cart.length ? JSON.stringify(toDinerCart(cart, type, '')) : '';
  useEffect(() => {
    if (!quoteBody) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dinerCall('quote', { params: { token: tableToken }, body: JSON.parse(quoteBody) as DinerCart }, { signal: controller.signal }).then(
        (answer) => {
          setQuote(answer);
          setProblem(undefined);
        },
        (e: unknown) => {
          if ((e as Error).name !== 'AbortError') setProblem((e as Error).message);
        },
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [quoteBody, tableToken]);

  useEffect(() => {
    if (!cart.length) onClose();
  }, [cart.length, onClose]);

  const submit = async () => {
    if (!body || submitting) return;
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized) attempt.current = { body: serialized, key: newIdempotencyKey() };
    setSubmitting(true);
    setProblem(undefined);
    try {
      const answer = await dinerCall('create', { params: { token: tableToken }, body }, { idempotencyKey: attempt.current.key, tabSecret: tabSecretOf(tableToken) });
      // This submission opened the table's tab: the device keeps its secret to add to it and ask for the bill.
      if (answer.tabSecret) keepTabSecret(tableToken, answer.tabSecret);
      onOrdered();
      if (answer.payUrl) window.location.assign(answer.payUrl);
      else navigate(orderPagePath(tableToken, answer.order.viewToken));
    } catch (e) {
      setProblem((e as Error).message);
      setSubmitting(false);
    }
  };

  return (
    <div className="dn-mask" onClick={onClose}>
      <div className="dn-sheet dn-cart" role="dialog" aria-label={t('cart')} onClick={(e) => e.stopPropagation()} data-testid="diner-cart">
        <div className="dn-row">
          <h2>{t('cart')} <small>{t('items', { n: cartCount(cart) })}</small></h2>
          <button type="button" className="dn-link" onClick={() => setCart([])}>{t('clear')}</button>
        </div>
        <ul className="dn-lines">
          {cart.map((line) => (
            <li key={line.key} data-testid="diner-cart-line">
              <div>
                <strong>{line.name}</strong>
                {line.specText && <small>{line.specText}</small>}
                {line.weighed && <small data-testid="diner-cart-weighed">{t('weighedNote', { price: formatFen(line.unitPrice), unit: line.unit ?? '' })}</small>}
              </div>
              <span className="dn-stepper">
                <button type="button" aria-label={`${line.name} -`} onClick={() => setCart((c) => changeQuantity(c, line.key, -1))}>−</button>
                <span data-testid="diner-cart-quantity">{quantityText(line)}</span>
                <button type="button" aria-label={`${line.name} +`} onClick={() => setCart((c) => changeQuantity(c, line.key, 1))}>+</button>
              </span>
            </li>
          ))}
        </ul>
        {types.includes('dine_in') && types.includes('takeaway') && (
          <div className="dn-types" role="radiogroup">
            {(['dine_in', 'takeaway'] as const).map((value) => (
              <button type="button" key={value} role="radio" aria-checked={type === value} className={type === value ? 'dn-chip on' : 'dn-chip'} onClick={() => setType(value)}>
                {value === 'dine_in' ? t('dineIn') : t('takeaway')}
              </button>
            ))}
          </div>
        )}
        <label className="dn-remark">
          <span>{t('remark')}</span>
          <textarea value={remark} maxLength={200} rows={2} placeholder={t('remarkHint')} onChange={(e) => setRemark(e.target.value)} />
        </label>
        {quote && (
          <dl className="dn-amounts">
            {quote.packingFee > 0 && <><dt>{t('packingFee')}</dt><dd>{formatFen(quote.packingFee)}</dd></>}
            {quote.memberDiscount + quote.couponDiscount > 0 && <><dt>{t('discount')}</dt><dd>-{formatFen(quote.memberDiscount + quote.couponDiscount)}</dd></>}
          </dl>
        )}
        {problem && <p className="dn-error" role="alert" data-testid="diner-problem">{problem}</p>}
        {!open && <p className="dn-error" role="alert" data-testid="diner-cart-closed">{closedText}</p>}
        <div className="dn-sheet-foot dn-row">
          <div>
            <span>{t('total')} </span>
            <strong className="dn-price" data-testid="diner-total">{quote ? formatFen(quote.payableAmount) : '…'}</strong>
            <small className="dn-hint">{payMode === 'pay_first' ? t('payFirst') : t('payLater')}</small>
          </div>
          <button type="button" className="dn-button" disabled={!open || submitting || !cart.length} onClick={() => void submit()} data-testid="diner-submit">
            {submitting ? t('submitting') : t('submit')}
          </button>
        </div>
      </div>
    </div>
  );
}
