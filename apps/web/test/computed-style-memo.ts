/**
 * jsdom's getComputedStyle, remembered until the document changes.
 *
 * Testing Library's role queries (is each candidate hidden?) and user-event's pointer check (does
 * the target or an ancestor have `pointer-events: none`?) read the computed style of an element
 * and of every ancestor, again and again between two changes of the page. jsdom recomputes each
 * read: it resolves inherited properties by walking up the tree and matching antd's thousands of
 * style rules, which was half of a page test's time.
 *
 * jsdom keeps its own cache of the cascade and replaces it (a new `_styleCache` on the document)
 * whenever anything that can change a computed style changes: a node added or removed, an
 * attribute (class and inline style included), a text in a <style>, a rule inserted. That cache's
 * identity is the generation used here, so a remembered answer is never older than jsdom's own.
 * The answer is a read-only view with each property read once per generation.
 */
/** jsdom's document behind its wrapper: what it keeps the cascade of each element in. */
type Impl = { _styleCache?: object };

const implSymbolOf = (wrapper: object): symbol | undefined =>
  Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');

export function rememberComputedStyles(win: Window & typeof globalThis) {
  const compute = win.getComputedStyle.bind(win);
  const implSymbol = implSymbolOf(win.document);
  if (!implSymbol) return; // not jsdom as this knows it: leave getComputedStyle alone
  const documentImpl = () => (win.document as unknown as Record<symbol, Impl>)[implSymbol];
  const generation = () => documentImpl()?._styleCache;
  const remembered = new WeakMap<Element, { generation: object; view: CSSStyleDeclaration }>();

  win.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (pseudo) return compute(element, pseudo);
    const current = generation();
    const hit = current && remembered.get(element);
    if (hit && hit.generation === current) return hit.view;
    const style = compute(element);
    if (!current || generation() !== current) return style;
    const view = readOnce(style, () => generation() === current);
    remembered.set(element, { generation: current, view });
    return view;
  };
}

/**
 * A view of a computed style whose property reads (and getPropertyValue) are each done once while
 * `fresh()`; once the page has changed it reads through, as jsdom's own declaration does.
 */
function readOnce(style: CSSStyleDeclaration, fresh: () => boolean): CSSStyleDeclaration {
  const values = new Map<PropertyKey, unknown>();
  const byName = new Map<string, string>();
  const getPropertyValue = (name: string) => {
    if (!fresh()) return style.getPropertyValue(name);
    let value = byName.get(name);
    if (value === undefined) byName.set(name, (value = style.getPropertyValue(name)));
    return value;
  };
  return new Proxy(style, {
    get(target, key) {
      if (key === 'getPropertyValue') return getPropertyValue;
      if (!fresh()) return Reflect.get(target, key, target) as unknown;
      if (values.has(key)) return values.get(key);
      const value: unknown = Reflect.get(target, key, target);
      // jsdom's methods check their receiver: call them on the real declaration.
      const answer = typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      values.set(key, answer);
      return answer;
    },
  });
}
