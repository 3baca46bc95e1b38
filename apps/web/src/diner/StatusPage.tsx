import { useEffect, useState, type ReactNode } from 'react';
import { formatFen, type DinerOrder, type OrderStatus } from '@canteen/contract';
import { dinerCall, tabSecretOf } from './api';
import { statusName, type Language, type MessageKey, type Translate } from './i18n';
import { menuPagePath } from './paths';

/** How often the page asks again while the order can still change. */
export const POLL_MS = 3000;
const FINAL: readonly OrderStatus[] = ['finished', 'cancelled', 'refunded', 'partially_refunded'];
const STEPS: Array<[MessageKey, readonly OrderStatus[]]> = [
  ['stepPending', ['dining', 'pending']],
  ['stepPaid', ['paid']],
  ['stepMaking', ['making']],
  ['stepFinished', ['finished', 'partially_refunded']],
];

/** Which of 待支付 / 已支付 / 制作中 / 已完成 the order is at (-1: cancelled or refunded, off the line). */
export const stepOf = (status: OrderStatus): number => STEPS.findIndex(([, states]) => states.includes(status));

interface Props {
  t: Translate;
  language: Language;
  tableToken: string;
  viewToken: string;
  navigate: (to: string) => void;
  languageButton: ReactNode;
}

/** An order's status, asked again every few seconds until it is done: the state line, the lines, paying again. */
export function StatusPage({ t, language, tableToken, viewToken, navigate, languageButton }: Props) {
  const [order, setOrder] = useState<DinerOrder>();
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    let asking = false;
    const load = () => {
      asking = true;
      dinerCall('order', { params: { viewToken } }, { signal: controller.signal }).then(
        (answer) => {
          asking = false;
          if (stopped) return;
          setOrder(answer);
          setError(undefined);
          // A page in the background asks seldom; coming back to it asks at once (below).
          if (!FINAL.includes(answer.status)) timer = setTimeout(load, document.hidden ? POLL_MS * 10 : POLL_MS);
        },
        (e: unknown) => {
          asking = false;
          if (stopped || (e as Error).name === 'AbortError') return;
          setError((e as Error).message);
          timer = setTimeout(load, POLL_MS * 2);
        },
      );
    };
    const onVisible = () => {
      if (document.hidden || stopped || asking) return;
      clearTimeout(timer);
      load();
    };
    load();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [viewToken]);

  /** 买单: the table's open order dining → pending; then it is paid at the counter or by 去支付. */
  const requestBill = async () => {
    setPaying(true);
    try {
      setOrder(await dinerCall('bill', { params: { viewToken } }, { tabSecret: tabSecretOf(tableToken) }));
    } catch (e) {
      setError((e as Error).message);
    }
    setPaying(false);
  };

  const payAgain = async () => {
    setPaying(true);
    try {
      const answer = await dinerCall('pay', { params: { viewToken } });
      if (answer.payUrl) window.location.assign(answer.payUrl);
      else {
        setOrder(answer.order);
        setPaying(false);
      }
    } catch (e) {
      setError((e as Error).message);
      setPaying(false);
    }
  };

  const header = (
    <header className="dn-header">
      <div>
        <h1>{order ? t('orderNo', { no: order.orderNo }) : t('title')}</h1>
        {order?.tableCode && <p>{t('table', { code: order.tableCode })}</p>}
      </div>
      {languageButton}
    </header>
  );
  if (!order) {
    return (
      <div className="dn-page">
        {header}
        <div className="dn-notice" role={error ? 'alert' : undefined}>{error ?? t('loading')}</div>
      </div>
    );
  }

  const step = stepOf(order.status);
  const manyRounds = order.lines.some((l) => l.round > 1);
  return (
    <div className="dn-page dn-status" data-testid="diner-status">
      {header}
      <div className="dn-status-card">
        <p className="dn-status-name" data-testid="diner-status-name">{statusName(language, order.status)}</p>
        {order.pickupNo && <p className="dn-pickup">{t('pickupNo', { no: order.pickupNo })}</p>}
        {step >= 0 && (
          <ol className="dn-steps">
            {STEPS.map(([key], i) => (
              <li key={key} className={i < step ? 'done' : i === step ? 'now' : undefined} aria-current={i === step ? 'step' : undefined}>{t(key)}</li>
            ))}
          </ol>
        )}
        {order.status === 'cancelled' && order.cancelReason && <p className="dn-hint" data-testid="diner-cancel-reason">{t('cancelReason', { reason: order.cancelReason })}</p>}
        {order.status === 'dining' && <p className="dn-hint">{t('payAtCounter')}</p>}
        {order.status === 'dining' && (
          <button type="button" className="dn-button dn-wide" disabled={paying} onClick={() => void requestBill()} data-testid="diner-bill">{t('requestBill')}</button>
        )}
        {order.status === 'pending' && !order.expireTime && <p className="dn-hint" data-testid="diner-billed">{t('billRequested')}</p>}
        {order.status === 'pending' && order.expireTime && <p className="dn-hint">{t('expires', { time: new Date(order.expireTime).toLocaleTimeString(language === 'en' ? 'en' : 'zh-CN', { hour: '2-digit', minute: '2-digit' }) })}</p>}
        {order.status === 'pending' && (
          <button type="button" className="dn-button dn-wide" disabled={paying} onClick={() => void payAgain()} data-testid="diner-pay">{t('payNow')}</button>
        )}
        {error && <p className="dn-error" role="alert">{error}</p>}
      </div>
      <ul className="dn-lines dn-status-lines">
        {order.lines.filter((l) => l.kind !== 'combo_item').map((line, i, lines) => [
          // A pay-later tab's rounds (加菜) each under their heading, once there is a second.
          manyRounds && line.round !== lines[i - 1]?.round && <li key={`round-${line.round}`} className="dn-round" data-testid="diner-round">{t('round', { n: line.round })}</li>,
          <li key={line.id}>
            <div>
              <strong>{line.name}</strong>
              {line.specText && <small>{line.specText}</small>}
            </div>
            <span>×{line.quantity}</span>
            <span className="dn-price">{formatFen(line.lineAmount)}</span>
          </li>,
        ])}
      </ul>
      <dl className="dn-amounts">
        {order.packingFee > 0 && <><dt>{t('packingFee')}</dt><dd>{formatFen(order.packingFee)}</dd></>}
        {order.memberDiscount + order.couponDiscount > 0 && <><dt>{t('discount')}</dt><dd>-{formatFen(order.memberDiscount + order.couponDiscount)}</dd></>}
        <dt>{t('total')}</dt><dd className="dn-price" data-testid="diner-order-total">{formatFen(order.payableAmount)}</dd>
        {order.paidAmount > 0 && <><dt /><dd>{t('paid', { amount: formatFen(order.paidAmount) })}</dd></>}
      </dl>
      {order.remark && <p className="dn-store-notice">{t('remark')}: {order.remark}</p>}
      <footer className="dn-bar">
        <button type="button" className="dn-button dn-wide" onClick={() => navigate(menuPagePath(tableToken))}>{t('orderMore')}</button>
      </footer>
    </div>
  );
}
