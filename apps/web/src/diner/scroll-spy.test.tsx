import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { MenuDish, OrderingMenu } from '@canteen/contract';
import { DinerApp } from './App';
import { sectionAt } from './scroll-spy';

describe('sectionAt', () => {
  // Sections at 0, 500, 1000, then two short ones at 1500 and 1600; the page scrolls to 1400.
  const tops = [0, 500, 1000, 1500, 1600];
  const at = (scroll: number) => sectionAt({ tops, scroll, maxScroll: 1400 });

  it('is the last section whose top has reached the top of the screen', () => {
    expect(at(0)).toBe(0);
    expect(at(498)).toBe(0);
    expect(at(500)).toBe(1);
    // Scrolled there by scrollIntoView, a fraction of a pixel short.
    expect(at(999.6)).toBe(2);
    expect(at(1100)).toBe(2);
  });

  it('lights the short last sections in turn over the end of the scroll, the last one at the end', () => {
    // They never reach the top: the scroll after the last one that does (1000 to 1400) is theirs.
    expect(at(1200)).toBe(2);
    expect(at(1350)).toBe(3);
    expect(at(1400)).toBe(4);
    expect(sectionAt({ tops: [0, 300], scroll: 0, maxScroll: 0 })).toBe(0);
    expect(sectionAt({ tops: [], scroll: 0, maxScroll: 0 })).toBe(-1);
  });
});

const TOKEN = 'tableToken0123456789ab';
const dish = (id: string, name: string): MenuDish => ({
  id, name, image: null, images: [], description: '', unit: '份', price: 1000, memberPrice: null, isWeighed: false, tags: [], packingFee: 0,
  orderTypes: ['dine_in'], available: true, stock: null, skus: [], specGroups: [],
});
const names = ['热菜', '凉菜', '主食', '小吃', '饮品'];
const menu: OrderingMenu = {
  store: { id: '1', name: '川味小馆', logo: null, notice: '', openNow: true, isOpen: true, nextOpenAt: null, timeZone: 'Asia/Shanghai', orderTypes: ['dine_in'], payMode: 'pay_later', packingFeeMode: 'none', packingFee: 0 },
  version: 1,
  categories: names.map((name, i) => ({ id: String(10 + i), name, kind: 'dish', combos: [], dishes: [dish(String(100 + i), `${name}一号`)] })),
};
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify(status === 200 ? { code: 0, msg: null, data } : { code: 1, msg: data, data: null }), { status, headers: { 'content-type': 'application/json' } });

// The page as a phone lays it out: a 100 px header, then the sections (the last two short), the
// cart bar's room below them; a screen 600 px high. The window scrolls (0 to 1236 px).
const HEADER = 100;
const HEIGHTS = [500, 500, 500, 100, 80];
const SCREEN = 600;
const PAGE = HEADER + HEIGHTS.reduce((a, b) => a + b, 0) + 56;
const tops = HEIGHTS.map((_h, i) => HEADER + HEIGHTS.slice(0, i).reduce((a, b) => a + b, 0));
let scrollY = 0;
const scrolled: string[] = [];
const root = () => document.scrollingElement ?? document.documentElement;
const saved = { scrollY: Object.getOwnPropertyDescriptor(window, 'scrollY'), innerHeight: window.innerHeight, scrollIntoView: Element.prototype.scrollIntoView };

/** The page scrolled to `y` (by whoever), as the browser reports it. */
function scrollTo(y: number) {
  scrollY = y;
  fireEvent.scroll(window);
}
const lit = () => [...document.querySelectorAll('.dn-categories button.on')].map((b) => b.textContent);

beforeEach(() => {
  scrollY = 0;
  scrolled.length = 0;
  sessionStorage.clear();
  localStorage.setItem('canteen-diner-language', 'zh');
  window.history.replaceState(null, '', `/order/t/${TOKEN}`);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (url === `/order/diner/${TOKEN}` ? envelope({ table: { storeId: '1', storeName: '川味小馆', tableCode: 'A01', areaName: '大厅', payMode: 'pay_later' }, menu }) : envelope('资源不存在', 404))));
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  window.innerHeight = SCREEN;
  Object.defineProperty(root(), 'scrollHeight', { configurable: true, get: () => PAGE });
  Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
    scrolled.push((this as HTMLElement).dataset.category ?? '');
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  if (saved.scrollY) Object.defineProperty(window, 'scrollY', saved.scrollY);
  else delete (window as { scrollY?: number }).scrollY;
  window.innerHeight = saved.innerHeight;
  delete (root() as { scrollHeight?: number }).scrollHeight;
  if (saved.scrollIntoView) Element.prototype.scrollIntoView = saved.scrollIntoView;
  else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

async function openMenu() {
  render(<DinerApp />);
  await screen.findByText('热菜一号');
  document.querySelectorAll<HTMLElement>('section[data-category]').forEach((section, i) => {
    section.getBoundingClientRect = () => ({ top: tops[i]! - scrollY, bottom: tops[i]! + HEIGHTS[i]! - scrollY, left: 88, right: 375, width: 287, height: HEIGHTS[i]!, x: 88, y: tops[i]! - scrollY, toJSON: () => ({}) });
  });
  scrollTo(0);
  // The spy starts with the effects of the render the menu came with, which may run after this.
  await waitFor(() => expect(lit()).toEqual(['热菜']));
}

describe('the diners\' category list (issue 27 #21)', () => {
  it('lights the category whose section is at the top of the list as the page scrolls, the short last ones at its end', async () => {
    await openMenu();
    // 凉菜 at the top, 主食 already in the upper part of the screen: 凉菜.
    scrollTo(tops[1]! + 350);
    expect(lit()).toEqual(['凉菜']);
    scrollTo(tops[2]!);
    expect(lit()).toEqual(['主食']);
    // 小吃 and 饮品 never reach the top: the end of the scroll lights them in turn.
    scrollTo(PAGE - SCREEN - 10);
    expect(lit()).toEqual(['小吃']);
    scrollTo(PAGE - SCREEN);
    expect(lit()).toEqual(['饮品']);
    scrollTo(tops[1]! + 10);
    expect(lit()).toEqual(['凉菜']);
  });

  it('lights a tapped category while its section scrolls up and where the scroll ends, until the diner scrolls himself', async () => {
    await openMenu();
    fireEvent.click(screen.getByRole('button', { name: '小吃' }));
    expect(scrolled).toEqual(['13']);
    expect(lit()).toEqual(['小吃']);
    // The smooth scroll passes 凉菜 and 主食 and stops at the end of the page, short of 小吃's top.
    for (const y of [300, 700, 1100, PAGE - SCREEN]) scrollTo(y);
    expect(lit()).toEqual(['小吃']);
    // The diner's own scroll: the list follows it again.
    fireEvent.touchStart(window);
    scrollTo(tops[1]! + 10);
    expect(lit()).toEqual(['凉菜']);
  });
});
