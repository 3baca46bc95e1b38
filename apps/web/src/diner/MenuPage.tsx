import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatFen, type MenuCombo, type MenuDish } from '@canteen/contract';
import { dinerCall, DinerApiError, tabSecretOf, type DinerData } from './api';
import { addLine, cartCount, cartEstimate, countOf, type CartLine, type NewCartLine } from './cart';
import { CartSheet } from './CartSheet';
import { comboNeedsPicker, defaultComboChoice, defaultDishChoice, comboChoices, comboSpecText, comboUnitPrice, dishNeedsPicker, dishSpecText, dishUnitPrice } from './choices';
import { statusName, type Language, type Translate } from './i18n';
import { orderPagePath } from './paths';
import { nextOpeningText } from './opening';
import { Picker, type Picked } from './Picker';
import { useScrollSpy } from './scroll-spy';

type Loaded = DinerData<'menu'>;
type OpenTab = DinerData<'open'>;

/** The menu's answer was 404: the notice is this page's own (in the language shown). */
const INVALID_TABLE = 'invalid-table';
const cartStorageKey = (token: string) => `canteen-diner-cart-${token}`;

function loadCart(token: string): CartLine[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(cartStorageKey(token)) ?? '[]') as CartLine[];
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

function saveCart(token: string, cart: readonly CartLine[]): void {
  try {
    sessionStorage.setItem(cartStorageKey(token), JSON.stringify(cart));
  } catch {
    // not kept across pages: the cart still works on this one
  }
}

/** The table's menu: categories on the left (sticky), dishes on the right, the cart bar below. */
export function MenuPage({ t, language, tableToken, navigate, languageButton }: { t: Translate; language: Language; tableToken: string; navigate: (to: string) => void; languageButton: ReactNode }) {
  const [loaded, setLoaded] = useState<Loaded>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [cart, setCart] = useState<CartLine[]>(() => loadCart(tableToken));
  const [picking, setPicking] = useState<Picked>();
  const [cartOpen, setCartOpen] = useState(false);
  const [tab, setTab] = useState<OpenTab>({ order: null, inUse: false });
  const sections = useRef(new Map<string, HTMLElement>());

  useEffect(() => {
    const controller = new AbortController();
    dinerCall('menu', { params: { token: tableToken } }, { signal: controller.signal }).then(
      (answer) => {
        setLoaded(answer);
        setError(undefined);
      },
      (e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(e instanceof DinerApiError && e.status === 404 ? INVALID_TABLE : (e as Error).message);
      },
    );
    return () => controller.abort();
  }, [tableToken, attempt]);

  // A pay-later table's open order (加菜 adds to it): shown above the menu, its page one tap away.
  useEffect(() => {
    const controller = new AbortController();
    dinerCall('open', { params: { token: tableToken } }, { signal: controller.signal, tabSecret: tabSecretOf(tableToken) }).then(setTab, () => undefined);
    return () => controller.abort();
  }, [tableToken]);

  // Closed by its hours: the menu is read again when the store opens, so the page opens with it.
  const nextOpenAt = loaded && !loaded.menu.store.openNow ? loaded.menu.store.nextOpenAt : null;
  useEffect(() => {
    if (!nextOpenAt) return;
    const wait = Math.min(Math.max(Date.parse(nextOpenAt) - Date.now(), 0) + 1000, 2 ** 31 - 1);
    const timer = setTimeout(() => setAttempt((n) => n + 1), wait);
    return () => clearTimeout(timer);
  }, [nextOpenAt]);

  useEffect(() => saveCart(tableToken, cart), [cart, tableToken]);
  // An order placed: the cart is emptied in storage at once, as the page is left right after
  // (for the order's page or the payment's) and no effect of it runs again.
  const ordered = useCallback(() => {
    saveCart(tableToken, []);
    setCart([]);
  }, [tableToken]);

  // The category list follows the scrolling: the section at the top of the visible list is the one lit.
  const categoryIds = useMemo(() => (loaded?.menu.categories ?? []).filter((c) => c.dishes.length || c.combos.length).map((c) => c.id), [loaded]);
  const sectionOf = useCallback((id: string) => sections.current.get(id), []);
  const { active: activeCategory, goTo: scrollTo } = useScrollSpy(categoryIds, sectionOf);

  if (error) {
    return (
      <div className="dn-notice dn-notice-page" role="alert">
        <p>{error === INVALID_TABLE ? t('invalidTable') : error}</p>
        <button type="button" className="dn-button" onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</button>
      </div>
    );
  }
  if (!loaded) return <div className="dn-notice dn-notice-page">{t('loading')}</div>;

  const { table, menu } = loaded;
  const open = menu.store.isOpen && menu.store.openNow;
  const closedText = menu.store.nextOpenAt
    ? `${t('closed')} · ${t('opensAt', { when: nextOpeningText(menu.store.nextOpenAt, menu.store.timeZone, new Date(), language) })}`
    : t('closed');
  const categories = menu.categories.filter((c) => c.dishes.length || c.combos.length);
  const add = (line: NewCartLine, quantity = 1) => setCart((c) => addLine(c, line, quantity));

  const addDish = (dish: MenuDish) => {
    if (dishNeedsPicker(dish)) return setPicking({ kind: 'dish', item: dish });
    const choice = defaultDishChoice(dish);
    add({ kind: 'dish', itemId: dish.id, skuId: choice.skuId, optionIds: [], choices: [], name: dish.name, specText: dishSpecText(dish, choice), unitPrice: dishUnitPrice(dish, choice) });
  };
  const addCombo = (combo: MenuCombo) => {
    if (comboNeedsPicker(combo)) return setPicking({ kind: 'combo', item: combo });
    const choice = defaultComboChoice(combo);
    add({ kind: 'combo', itemId: combo.id, optionIds: [], choices: comboChoices(choice), name: combo.name, specText: comboSpecText(combo, choice), unitPrice: comboUnitPrice(combo, choice) });
  };
  return (
    <div className="dn-page" data-testid="diner-menu">
      <header className="dn-header">
        <div>
          <h1>{table.storeName}</h1>
          <p>{t('table', { code: table.tableCode })} · {table.areaName}</p>
        </div>
        {languageButton}
      </header>
      {!open && <div className="dn-closed" role="alert" data-testid="diner-closed">{closedText}</div>}
      {menu.store.notice && <div className="dn-store-notice">{menu.store.notice}</div>}
      {tab.order && (
        <button type="button" className="dn-store-notice dn-tab" onClick={() => navigate(orderPagePath(tableToken, tab.order!.viewToken))} data-testid="diner-open-tab">
          {t('tableOrder', { status: statusName(language, tab.order.status), amount: formatFen(tab.order.payableAmount) })}
        </button>
      )}
      {/* Another party's device opened the table's tab: this one cannot reach it. */}
      {tab.inUse && <div className="dn-closed" role="alert" data-testid="diner-table-in-use">{t('tableInUse')}</div>}
      <div className="dn-menu">
        <nav className="dn-categories" aria-label="categories">
          {categories.map((c) => (
            <button type="button" key={c.id} className={activeCategory === c.id ? 'on' : undefined} onClick={() => scrollTo(c.id)}>
              {c.name}
            </button>
          ))}
        </nav>
        <main className="dn-items">
          {categories.map((category) => (
            <section key={category.id} data-category={category.id} ref={(el) => void (el ? sections.current.set(category.id, el) : sections.current.delete(category.id))}>
              <h2>{category.name}</h2>
              {category.dishes.map((dish) => (
                <Item key={`d${dish.id}`} t={t} name={dish.name} image={dish.image} description={dish.description} price={dish.price} unit={dish.unit} weighed={dish.isWeighed}
                  available={dish.available} count={countOf(cart, 'dish', dish.id)} picker={dishNeedsPicker(dish)} onAdd={() => addDish(dish)} />
              ))}
              {category.combos.map((combo) => (
                <Item key={`c${combo.id}`} t={t} name={combo.name} image={combo.image} description={combo.description} price={combo.price}
                  available={combo.available} count={countOf(cart, 'combo', combo.id)} picker={comboNeedsPicker(combo)} onAdd={() => addCombo(combo)} />
              ))}
            </section>
          ))}
        </main>
      </div>
      <footer className="dn-bar">
        <button type="button" className="dn-bar-cart" onClick={() => setCartOpen(true)} disabled={!cart.length} data-testid="diner-cart-open">
          <span className="dn-badge" data-testid="diner-cart-count">{cartCount(cart)}</span>
          <span>{cart.length ? formatFen(cartEstimate(cart)) : t('cartEmpty')}</span>
        </button>
        <button type="button" className="dn-button" onClick={() => setCartOpen(true)} disabled={!cart.length}>{t('cart')}</button>
      </footer>
      {picking && <Picker t={t} picked={picking} onClose={() => setPicking(undefined)} onAdd={(line, quantity) => { add(line, quantity); setPicking(undefined); }} />}
      {cartOpen && (
        <CartSheet t={t} tableToken={tableToken} menu={menu} payMode={table.payMode} open={open} closedText={closedText} cart={cart} setCart={setCart} onOrdered={ordered}
          onClose={() => setCartOpen(false)} navigate={navigate} />
      )}
    </div>
  );
}

function Item(props: { t: Translate; name: string; image: string | null; description: string; price: number; unit?: string; weighed?: boolean; available: boolean; count: number; picker: boolean; onAdd: () => void }) {
  const { t, name, image, description, price, unit, weighed, available, count, picker, onAdd } = props;
  // A weighed dish is priced per unit of weight: the price always says per what, and the diner picks the weight.
  const chooseLabel = weighed ? t('chooseWeight') : t('choose');
  return (
    <article className={available ? 'dn-item' : 'dn-item off'} data-testid="diner-item">
      {image ? <img src={image} alt="" width={72} height={72} loading="lazy" decoding="async" /> : <div className="dn-noimage" />}
      <div className="dn-item-body">
        <h3>{name}{weighed && <span className="dn-tag" data-testid="diner-weighed">{t('weighed')}</span>}</h3>
        {description && <p>{description}</p>}
        <div className="dn-item-foot">
          <span className="dn-price">{formatFen(price)}{unit && (weighed || unit !== '份') ? <small>/{unit}</small> : null}</span>
          {available ? (
            <button type="button" className={picker ? 'dn-choose' : 'dn-plus'} onClick={onAdd} aria-label={`${name} ${picker ? chooseLabel : '+'}`}>
              {picker ? chooseLabel : '+'}
              {count > 0 && <span className="dn-badge">{count}</span>}
            </button>
          ) : (
            <span className="dn-soldout">{t('soldOut')}</span>
          )}
        </div>
      </div>
    </article>
  );
}
