import type { BusinessHours, PickupRule } from '@canteen/contract';
import type { Look, Palette } from './seed-pictures.js';

/**
 * The demo business `npm start` shows (DEMO_DATA=on): one brand, 蜀香园, with a Sichuan
 * restaurant (pay later, dine-in and takeaway, a packing fee per item, lunch and dinner with a
 * late Friday and Saturday) and a tea shop (pay first, pickup numbers T001…). Money is fen.
 * Names here are what the seed looks rows up by; the pictures are drawn from `look`.
 */

export interface DemoSku { name: string; price: number; memberPrice?: number; stock?: number; dailyStock?: number; soldOut?: boolean }

export interface DemoDish {
  name: string;
  price: number;
  memberPrice?: number;
  unit?: string;
  description: string;
  tags?: string[];
  /** Sizes with their own prices (the dish's price is then the smallest). */
  skus?: DemoSku[];
  /** Option groups (by name) attached, in order. */
  specs?: string[];
  look: Look;
  soldOut?: boolean;
  onShelf?: boolean;
  /** Counted stock: `total` (stock left) or `daily` (dailyStock a day, stock left today). */
  stockMode?: 'total' | 'daily';
  stock?: number;
  dailyStock?: number;
  packingFee?: number;
  orderTypes?: Array<'dine_in' | 'takeaway'>;
}

export interface DemoCategory { name: string; palette: Palette; dishes: DemoDish[] }

export interface DemoComboItem { dish: string; sku?: string; quantity?: number; extraPrice?: number; isDefault?: boolean }
export interface DemoComboGroup {
  name: string;
  kind: 'fixed' | 'optional';
  minChoose?: number;
  maxChoose?: number;
  allowRepeat?: boolean;
  items: DemoComboItem[];
}
export interface DemoCombo {
  name: string;
  price: number;
  memberPrice?: number;
  description: string;
  /** The picture's badge (招牌, 新品, 推荐). */
  badge?: string;
  groups: DemoComboGroup[];
}

export interface DemoSpecGroup {
  name: string;
  selection: 'single' | 'multiple';
  minSelect: number;
  maxSelect: number;
  options: Array<{ name: string; priceDelta?: number; isDefault?: boolean }>;
}

/** A demo table; its state on the floor is its seating's (the orders' demo, issue 24), never seeded. */
export interface DemoTable { code: string; seats: number; minSpend?: number; enabled?: boolean }

export interface DemoStore {
  name: string;
  phone: string;
  region: string;
  address: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  dayCutoffHour: number;
  businessHours: BusinessHours;
  orderTypes: Array<'dine_in' | 'takeaway'>;
  payMode: 'pay_first' | 'pay_later';
  pickupRule: PickupRule;
  packingFeeMode: 'none' | 'per_order' | 'per_item';
  packingFee: number;
  notice: string;
  logo: { character: string; colors: readonly [string, string] };
  specGroups: DemoSpecGroup[];
  categories: DemoCategory[];
  combos: { category: string; palette: Palette; list: DemoCombo[] };
  areas: Array<{ name: string; tables: DemoTable[] }>;
}

/** Every day of the week (ISO weekdays, 1 = Monday). */
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** Tables `prefix01`…: seats and the rest from `each(n)` (n counts from 1). */
const tables = (prefix: string, from: number, to: number, each: (n: number) => Omit<DemoTable, 'code'>): DemoTable[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ code: `${prefix}${String(from + i).padStart(2, '0')}`, ...each(from + i) }));

// ---------- looks ----------

const chilli = { kind: 'dot', color: '#b3170f', count: 14, size: 0.9 } as const;
const scallion = { kind: 'dot', color: '#4e9a2b', count: 12 } as const;
const sesame = { kind: 'dot', color: '#f4e7c5', count: 16, size: 0.5 } as const;
const pepper = { kind: 'dot', color: '#5a1a12', count: 12, size: 0.55 } as const;
const peanut = { kind: 'ball', color: '#d99a55', count: 8, size: 0.8 } as const;

const redOil = (bits: Look['bits'] = [chilli, scallion, pepper]): Look => ({ vessel: 'plate', food: ['#ec6a3c', '#a8261a'], bits });
const brownSauce = (bits: Look['bits'] = [scallion, sesame]): Look => ({ vessel: 'plate', food: ['#c77a3c', '#7e3d17'], bits });
const greens = (bits: Look['bits'] = [{ kind: 'dot', color: '#f6f0d8', count: 10, size: 0.6 }]): Look => ({ vessel: 'plate', food: ['#8cc95a', '#3f7f22'], bits });
const golden = (bits: Look['bits'] = [sesame]): Look => ({ vessel: 'plate', food: ['#f6c35a', '#c9801c'], bits });
const soup = (food: readonly [string, string], bits: Look['bits'], ware?: string): Look => ({ vessel: 'bowl', food, bits, ware });
const milkTea = (bits: Look['bits'] = [], cap?: string, food: readonly [string, string] = ['#ecd3ae', '#c4925a']): Look => ({ vessel: 'cup', food, bits, cap });
const fruitTea = (food: readonly [string, string], fruit: string, cap?: string): Look => ({ vessel: 'cup', food, cap, bits: [{ kind: 'slice', color: fruit, count: 5 }] });
const hotDrink = (food: readonly [string, string], cap?: string, bits?: Look['bits']): Look => ({ vessel: 'coffee', food, cap, bits });
const drink = (food: readonly [string, string], cap?: string, bits?: Look['bits']): Look => ({ vessel: 'glass', food, cap, bits });

const pearls = { kind: 'ball', color: '#2b1a12', count: 16 } as const;

// ---------- palettes ----------

const palettes = {
  signature: { light: '#fde1d2', dark: '#f39a73', ink: '#7a2412' },
  cold: { light: '#e3f4df', dark: '#9fd08f', ink: '#2d5a1f' },
  hot: { light: '#fde9d0', dark: '#f0ac6c', ink: '#6e3512' },
  soup: { light: '#fdf3d8', dark: '#efc96f', ink: '#6a4a0c' },
  staple: { light: '#f6eee2', dark: '#d9bd95', ink: '#5a3d1c' },
  snack: { light: '#fde2e6', dark: '#eb9dab', ink: '#7a2036' },
  drinks: { light: '#e0f1fc', dark: '#8fc2e8', ink: '#1d4a6e' },
  combo: { light: '#f0e5f8', dark: '#c0a0de', ink: '#4a2a66' },
  milkTea: { light: '#f9ecde', dark: '#ddb48b', ink: '#5e3a1a' },
  fruitTea: { light: '#fee6ea', dark: '#f3a0b0', ink: '#7c1f35' },
  tea: { light: '#e7f4e2', dark: '#a6d495', ink: '#2b5a22' },
  coffee: { light: '#f1e6dc', dark: '#c4a286', ink: '#4a2c18' },
  pastry: { light: '#fef3d9', dark: '#f0cc78', ink: '#6b4a0a' },
  teaCombo: { light: '#e3eefd', dark: '#9bbdea', ink: '#1f3f6e' },
} satisfies Record<string, Palette>;

// ---------- 蜀香园·川菜馆（春熙路店） ----------

const sichuan: DemoStore = {
  name: '蜀香园·川菜馆（春熙路店）',
  phone: '028-8666 1818',
  region: '四川省 成都市 锦江区',
  address: '春熙路 88 号 蜀都大厦 2 楼',
  latitude: 30.6571,
  longitude: 104.0806,
  timeZone: 'Asia/Shanghai',
  dayCutoffHour: 4,
  businessHours: [
    { days: EVERY_DAY, open: '10:30', close: '14:00' },
    { days: [1, 2, 3, 4, 7], open: '17:00', close: '22:30' },
    { days: [5, 6], open: '17:00', close: '01:00' },
  ],
  orderTypes: ['dine_in', 'takeaway'],
  payMode: 'pay_later',
  pickupRule: { prefix: '', start: 1, end: 999, skip: [] },
  packingFeeMode: 'per_item',
  packingFee: 100,
  notice: '欢迎光临蜀香园！本店菜品现点现做，辣度可选，忌口请备注。包间设最低消费，详见桌台标注；周五、周六晚市营业至凌晨 1 点。',
  logo: { character: '蜀', colors: ['#e85a3c', '#a61e16'] },
  specGroups: [
    { name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, options: [{ name: '不辣' }, { name: '微辣', isDefault: true }, { name: '中辣' }, { name: '特辣' }] },
    { name: '麻度', selection: 'single', minSelect: 0, maxSelect: 1, options: [{ name: '不麻' }, { name: '微麻', isDefault: true }, { name: '重麻' }] },
    { name: '忌口', selection: 'multiple', minSelect: 0, maxSelect: 5, options: [{ name: '不要香菜' }, { name: '不要葱' }, { name: '不要蒜' }, { name: '少油' }, { name: '少盐' }] },
    { name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 3, options: [{ name: '加煎蛋', priceDelta: 300 }, { name: '加牛肉', priceDelta: 800 }, { name: '加面', priceDelta: 300 }, { name: '加肥肠', priceDelta: 600 }] },
    { name: '温度', selection: 'single', minSelect: 1, maxSelect: 1, options: [{ name: '冰镇', isDefault: true }, { name: '常温' }] },
  ],
  categories: [
    {
      name: '招牌推荐',
      palette: palettes.signature,
      dishes: [
        { name: '水煮鱼', price: 6800, memberPrice: 6200, description: '鲜活草鱼片，滑嫩无刺，红油麻辣鲜香，铺满干辣椒与花椒。', tags: ['招牌', '辣'], specs: ['辣度', '麻度', '忌口'], packingFee: 200, look: soup(['#f07a3e', '#b8281a'], [chilli, pepper, { kind: 'strip', color: '#f7efe0', count: 7 }], '#e9ecef') },
        { name: '麻婆豆腐', price: 2200, memberPrice: 2000, description: '嫩豆腐配牛肉末、郫县豆瓣，麻辣烫香，最下饭。', tags: ['招牌', '辣'], specs: ['辣度', '麻度', '忌口'], look: redOil([{ kind: 'cube', color: '#f7efd9', count: 9 }, scallion, pepper]) },
        {
          name: '辣子鸡', price: 3800, description: '外酥里嫩的鸡丁埋在红亮干辣椒里，越嚼越香。', tags: ['招牌', '辣'], specs: ['辣度', '忌口'],
          skus: [{ name: '小份', price: 3800, memberPrice: 3500 }, { name: '大份', price: 5800, memberPrice: 5400 }],
          look: redOil([{ kind: 'cube', color: '#b8672d', count: 10 }, { kind: 'strip', color: '#d7261a', count: 9 }, sesame]),
        },
        { name: '回锅肉', price: 3600, memberPrice: 3200, description: '二刀肉配蒜苗、豆瓣酱爆炒，肥而不腻，川菜之首。', tags: ['招牌', '推荐'], specs: ['辣度', '忌口'], look: brownSauce([{ kind: 'strip', color: '#e9b48a', count: 10 }, { kind: 'strip', color: '#4f9a2b', count: 6 }]) },
        { name: '毛血旺', price: 5800, description: '鸭血、毛肚、黄喉、午餐肉与豆芽同煮，一锅红汤麻辣过瘾。', tags: ['招牌', '辣'], specs: ['辣度', '麻度', '忌口'], packingFee: 200, look: soup(['#e9582f', '#9e1f14'], [{ kind: 'cube', color: '#5b1a16', count: 7 }, chilli, scallion], '#e9ecef') },
        { name: '宫保鸡丁', price: 3200, description: '鸡腿丁配花生米，糊辣荔枝味，酸甜微辣。', tags: ['推荐'], specs: ['辣度', '忌口'], look: brownSauce([{ kind: 'cube', color: '#e4a86a', count: 9 }, peanut, chilli]) },
      ],
    },
    {
      name: '凉菜',
      palette: palettes.cold,
      dishes: [
        { name: '口水鸡', price: 3200, description: '冷水浸熟的三黄鸡，淋红油、花椒油与芝麻酱。', tags: ['辣'], specs: ['辣度'], look: redOil([{ kind: 'cube', color: '#f2dcc0', count: 8 }, sesame, scallion]) },
        { name: '夫妻肺片', price: 3600, description: '牛肉、牛杂薄片，红油花生碎，成都老味道。', tags: ['招牌', '辣'], specs: ['辣度'], look: redOil([{ kind: 'strip', color: '#8e4a32', count: 10 }, peanut, scallion]) },
        { name: '凉拌木耳', price: 1600, description: '东北黑木耳，小米辣与陈醋凉拌，爽脆开胃。', specs: ['辣度'], look: { vessel: 'plate', food: ['#4a3530', '#1d1310'], bits: [chilli, { kind: 'dot', color: '#f4f0e0', count: 8, size: 0.6 }] } },
        { name: '拍黄瓜', price: 1200, description: '蒜泥、香醋、红油拍黄瓜，清爽解辣。', specs: ['忌口'], look: greens([{ kind: 'cube', color: '#d8efb8', count: 9 }, { kind: 'dot', color: '#f6f0d8', count: 8 }, chilli]) },
        { name: '红油耳片', price: 2800, description: '猪耳切薄片，红油拌制，脆嫩有嚼劲。', tags: ['辣'], look: redOil([{ kind: 'strip', color: '#f1d3b8', count: 10 }, scallion]) },
        { name: '蒜泥白肉', price: 2800, description: '薄如纸的二刀肉卷上蒜泥复制酱油，咸鲜微甜。', look: { vessel: 'plate', food: ['#f4e2cf', '#d9a783'], bits: [{ kind: 'strip', color: '#fff4ea', count: 9 }, { kind: 'dot', color: '#a8261a', count: 12, size: 0.7 }] } },
        { name: '川北凉粉', price: 1500, description: '豌豆凉粉，红油豆豉汁，南充风味。', tags: ['辣'], look: redOil([{ kind: 'strip', color: '#f2ead4', count: 10 }, scallion]), stockMode: 'total', stock: 40 },
        { name: '皮蛋豆腐', price: 1400, description: '内酯豆腐配松花皮蛋，淋豉油与辣椒油。', look: { vessel: 'plate', food: ['#f8f2e2', '#e2d4b0'], bits: [{ kind: 'cube', color: '#3b3428', count: 6 }, scallion, chilli] } },
      ],
    },
    {
      name: '热菜',
      palette: palettes.hot,
      dishes: [
        { name: '鱼香肉丝', price: 2800, description: '里脊肉丝配木耳、笋丝，咸甜酸辣的鱼香味。', specs: ['辣度', '忌口'], look: brownSauce([{ kind: 'strip', color: '#e3a06a', count: 12 }, { kind: 'strip', color: '#3a2a26', count: 5 }, scallion]) },
        { name: '干煸四季豆', price: 2200, description: '四季豆煸至虎皮，配肉末与芽菜，干香入味。', specs: ['辣度', '忌口'], look: greens([{ kind: 'strip', color: '#5f9c3a', count: 14 }, { kind: 'dot', color: '#7a4a2a', count: 10 }]) },
        { name: '水煮牛肉', price: 5200, memberPrice: 4800, description: '嫩牛肉片在红汤里滑熟，蒜末热油一泼，香气四溢。', tags: ['辣'], specs: ['辣度', '麻度', '忌口'], packingFee: 200, look: soup(['#e8602f', '#a12414'], [{ kind: 'strip', color: '#9b4a30', count: 8 }, chilli, pepper], '#e9ecef') },
        {
          name: '酸菜鱼', price: 4800, description: '老坛酸菜与黑鱼片，汤酸辣鲜香，鱼片嫩滑。', tags: ['推荐'], specs: ['辣度', '忌口'], packingFee: 200,
          skus: [{ name: '小份', price: 4800 }, { name: '大份', price: 6800, memberPrice: 6400 }],
          look: soup(['#f4d774', '#d9a232'], [{ kind: 'strip', color: '#fbf6ec', count: 8 }, { kind: 'strip', color: '#9bbf4a', count: 5 }, chilli], '#dfe8f5'),
        },
        { name: '青椒肉丝', price: 2600, description: '二荆条青椒与肉丝快炒，微辣爽口。', specs: ['辣度'], look: greens([{ kind: 'strip', color: '#4f9a2b', count: 10 }, { kind: 'strip', color: '#e1b48a', count: 10 }]) },
        { name: '东坡肘子', price: 6800, description: '整只肘子炖至软糯，淋咸鲜微甜的料汁。每日限量。', tags: ['新品'], specs: ['忌口'], stockMode: 'daily', dailyStock: 10, stock: 6, packingFee: 200, look: brownSauce([{ kind: 'ball', color: '#8a3d1a', count: 4, size: 2.2 }, scallion]) },
        { name: '家常豆腐', price: 2200, description: '煎至两面金黄的豆腐，配木耳青椒烧制。', specs: ['辣度'], look: brownSauce([{ kind: 'cube', color: '#f0c36d', count: 9 }, scallion]) },
        { name: '开水白菜', price: 4800, description: '国宴名菜：清汤如水，白菜心鲜美，一点不辣。', tags: ['推荐'], look: soup(['#fbf4dc', '#ecd9a0'], [{ kind: 'slice', color: '#e8f2c4', count: 3 }], '#f1ede4') },
        { name: '干锅花菜', price: 2600, description: '有机花菜配五花肉干锅，焦香脆嫩。', specs: ['辣度'], look: golden([{ kind: 'ball', color: '#f6efd8', count: 9 }, chilli, scallion]) },
        { name: '香辣虾', price: 8800, description: '鲜活基围虾，香辣干炒，麻辣入味。每日限量 20 份。', tags: ['辣', '推荐'], specs: ['辣度', '麻度'], stockMode: 'daily', dailyStock: 20, stock: 12, packingFee: 200, look: redOil([{ kind: 'strip', color: '#f0743a', count: 10 }, chilli, scallion]) },
        { name: '啤酒鸭', price: 5800, description: '仔鸭加啤酒焖烧，酱香浓郁。（秋冬季供应）', specs: ['辣度'], onShelf: false, look: brownSauce([{ kind: 'cube', color: '#8e4a24', count: 9 }, chilli]) },
      ],
    },
    {
      name: '汤羹',
      palette: palettes.soup,
      dishes: [
        { name: '番茄蛋汤', price: 1800, description: '番茄熬出沙，蛋花细嫩，酸甜暖胃。', look: soup(['#f6a04a', '#d8561c'], [{ kind: 'strip', color: '#ffe27a', count: 6 }, scallion], '#dfe8f5') },
        { name: '酸辣汤', price: 1800, description: '豆腐、木耳、蛋花，胡椒与香醋调出酸辣。', tags: ['辣'], look: soup(['#b87a3e', '#7b4419'], [{ kind: 'strip', color: '#f3e3b2', count: 7 }, { kind: 'strip', color: '#3a2a26', count: 4 }, scallion]) },
        { name: '冬瓜排骨汤', price: 3800, description: '小火慢炖两小时，冬瓜清甜，排骨软烂。', look: soup(['#f4ead0', '#dcc58f'], [{ kind: 'cube', color: '#e9f0d4', count: 6 }, { kind: 'ball', color: '#b57a52', count: 4, size: 1.3 }, scallion], '#f1ede4') },
        { name: '菌菇汤', price: 2800, description: '松茸、鸡枞、牛肝菌等山珍菌菇熬制。', tags: ['新品'], look: soup(['#d9b27a', '#9b6a34'], [{ kind: 'slice', color: '#8a5a32', count: 6 }, scallion]) },
        { name: '老鸭汤', price: 6800, description: '酸萝卜老鸭汤，慢炖四小时，每日限量。', soldOut: true, stockMode: 'daily', dailyStock: 8, stock: 0, look: soup(['#efe0b4', '#cdb06a'], [{ kind: 'cube', color: '#f5f1e0', count: 6 }, { kind: 'ball', color: '#a8744a', count: 4, size: 1.3 }]) },
      ],
    },
    {
      name: '主食',
      palette: palettes.staple,
      dishes: [
        { name: '米饭', price: 300, unit: '碗', description: '东北五常大米现蒸。', packingFee: 0, look: soup(['#ffffff', '#eee8dc'], [{ kind: 'dot', color: '#f3ede0', count: 30, size: 0.6 }], '#dfe8f5') },
        { name: '蛋炒饭', price: 1500, description: '粒粒分明的金包银蛋炒饭。', specs: ['加料', '忌口'], look: golden([{ kind: 'dot', color: '#fff6d8', count: 24, size: 0.7 }, scallion]) },
        { name: '担担面', price: 1600, unit: '碗', description: '碱水面配芽菜肉臊、红油芝麻酱，拌匀再吃。', tags: ['辣', '招牌'], specs: ['辣度', '加料'], look: soup(['#e3713a', '#a9371a'], [{ kind: 'strip', color: '#f5deaa', count: 12 }, peanut, scallion], '#e9ecef') },
        { name: '燃面', price: 1500, unit: '碗', description: '宜宾燃面，干拌无汤，油重无水，点火即燃。', tags: ['辣'], specs: ['辣度', '加料'], look: brownSauce([{ kind: 'strip', color: '#e7c27e', count: 14 }, peanut, scallion]) },
        { name: '葱油饼', price: 800, description: '现烙葱油饼，外脆里软。', look: golden([scallion, { kind: 'strip', color: '#e7a94a', count: 6 }]) },
      ],
    },
    {
      name: '小吃',
      palette: palettes.snack,
      dishes: [
        { name: '红糖糍粑', price: 1800, memberPrice: 1600, description: '糯米糍粑炸至外酥，淋红糖浆撒黄豆粉。', tags: ['推荐'], look: golden([{ kind: 'cube', color: '#f8e1a8', count: 8 }, { kind: 'dot', color: '#7a3a14', count: 12 }]) },
        { name: '钟水饺', price: 1600, description: '猪肉馅小水饺，复制甜红油，甜咸微辣。', tags: ['辣'], look: redOil([{ kind: 'ball', color: '#f7efe0', count: 8, size: 1.6 }, sesame]) },
        { name: '龙抄手', price: 1800, unit: '碗', description: '皮薄馅嫩的抄手，清汤或红油任选。', specs: ['辣度'], look: soup(['#f5e6bf', '#d8bc7a'], [{ kind: 'ball', color: '#fbf6ea', count: 7, size: 1.6 }, scallion]) },
        { name: '赖汤圆', price: 1200, unit: '碗', description: '黑芝麻馅汤圆，软糯香甜。', look: soup(['#f7f1e2', '#e4d6b4'], [{ kind: 'ball', color: '#ffffff', count: 6, size: 1.8 }], '#f1ede4') },
        { name: '酸辣粉', price: 1400, unit: '碗', description: '红薯粉配花生黄豆，酸辣开胃。', tags: ['辣'], specs: ['辣度', '加料'], look: soup(['#c8572a', '#7e2412'], [{ kind: 'strip', color: '#d9c7a2', count: 12 }, peanut, scallion], '#e9ecef') },
        { name: '三大炮', price: 1500, description: '糯米团摔打出声，裹黄豆粉与红糖，成都街头名吃。', tags: ['新品'], look: golden([{ kind: 'ball', color: '#e9c27a', count: 3, size: 2.2 }, { kind: 'dot', color: '#7a3a14', count: 10 }]) },
        { name: '叶儿粑', price: 1200, description: '粽叶包裹的糯米小点，今日已售罄。', soldOut: true, look: greens([{ kind: 'ball', color: '#f4f1e4', count: 4, size: 2 }]) },
      ],
    },
    {
      name: '酒水饮料',
      palette: palettes.drinks,
      dishes: [
        {
          name: '酸梅汤', price: 800, description: '乌梅、山楂、桂花熬制，冰镇解辣。', tags: ['推荐'], specs: ['温度'], packingFee: 0,
          skus: [{ name: '杯', price: 800 }, { name: '扎', price: 2800, memberPrice: 2500 }], look: drink(['#9c3a2a', '#4e140c']),
        },
        { name: '王老吉', price: 600, unit: '罐', description: '凉茶，吃辣必备。', specs: ['温度'], packingFee: 0, look: drink(['#e24a36', '#a51d12']) },
        { name: '雪花啤酒', price: 800, unit: '瓶', description: '勇闯天涯 500ml。', specs: ['温度'], stockMode: 'total', stock: 96, packingFee: 0, orderTypes: ['dine_in'], look: drink(['#f7c948', '#d98b12'], '#fffaf0') },
        { name: '可口可乐', price: 500, unit: '罐', description: '330ml 罐装。', specs: ['温度'], packingFee: 0, look: drink(['#5a2a1c', '#1e0b06']) },
        { name: '唯怡豆奶', price: 800, unit: '瓶', description: '四川人的童年味道，配火锅川菜一绝。', packingFee: 0, look: drink(['#fbf1dc', '#e8d2a8']) },
        {
          name: '鲜榨西瓜汁', price: 1600, description: '当季西瓜现榨（夏季供应）。', onShelf: false, packingFee: 0,
          skus: [{ name: '杯', price: 1600 }, { name: '扎', price: 4200 }], look: drink(['#f26a6a', '#c92a3a'], undefined, [{ kind: 'slice', color: '#e0424c', count: 1 }]),
        },
      ],
    },
  ],
  combos: {
    category: '套餐',
    palette: palettes.combo,
    list: [
      {
        name: '蜀香园双人套餐', price: 12800, memberPrice: 11800, description: '招牌水煮鱼配两份凉菜、两份饮品和米饭，两个人刚刚好。', badge: '招牌',
        groups: [
          { name: '招牌主菜', kind: 'fixed', items: [{ dish: '水煮鱼' }, { dish: '米饭', quantity: 2 }] },
          { name: '凉菜任选 2 份', kind: 'optional', minChoose: 2, maxChoose: 2, items: [{ dish: '拍黄瓜', isDefault: true }, { dish: '凉拌木耳', isDefault: true }, { dish: '皮蛋豆腐' }, { dish: '夫妻肺片', extraPrice: 300 }] },
          { name: '饮品任选 2 份', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: true, items: [{ dish: '酸梅汤', sku: '杯', isDefault: true }, { dish: '王老吉' }, { dish: '可口可乐' }, { dish: '雪花啤酒', extraPrice: 300 }] },
        ],
      },
      {
        name: '四人家庭套餐', price: 26800, memberPrice: 24800, description: '毛血旺领衔，两道热菜、两道凉菜、一份汤和四碗米饭，一家人吃得热闹。',
        groups: [
          { name: '主菜', kind: 'fixed', items: [{ dish: '毛血旺' }, { dish: '米饭', quantity: 4 }] },
          { name: '热菜任选 2 份', kind: 'optional', minChoose: 2, maxChoose: 2, items: [{ dish: '鱼香肉丝', isDefault: true }, { dish: '宫保鸡丁', isDefault: true }, { dish: '回锅肉' }, { dish: '干煸四季豆' }, { dish: '辣子鸡', sku: '大份', extraPrice: 1000 }] },
          { name: '凉菜任选 2 份', kind: 'optional', minChoose: 2, maxChoose: 2, items: [{ dish: '拍黄瓜' }, { dish: '凉拌木耳' }, { dish: '口水鸡', extraPrice: 500 }, { dish: '红油耳片', extraPrice: 300 }] },
          { name: '汤品任选 1 份', kind: 'optional', minChoose: 1, maxChoose: 1, items: [{ dish: '番茄蛋汤', isDefault: true }, { dish: '酸辣汤' }, { dish: '冬瓜排骨汤', extraPrice: 1000 }] },
        ],
      },
      {
        name: '单人工作餐', price: 3800, description: '一荤一饭一汤，午市上班族的快乐。可加一份小吃。',
        groups: [
          { name: '主菜任选 1 份', kind: 'optional', minChoose: 1, maxChoose: 1, items: [{ dish: '鱼香肉丝', isDefault: true }, { dish: '宫保鸡丁' }, { dish: '麻婆豆腐' }, { dish: '青椒肉丝' }, { dish: '回锅肉', extraPrice: 300 }] },
          { name: '米饭与汤', kind: 'fixed', items: [{ dish: '米饭' }, { dish: '番茄蛋汤' }] },
          { name: '加一份小吃（可不选）', kind: 'optional', minChoose: 0, maxChoose: 1, items: [{ dish: '红糖糍粑', extraPrice: 800 }, { dish: '钟水饺', extraPrice: 600 }, { dish: '三大炮', extraPrice: 600 }] },
        ],
      },
      {
        name: '成都小吃拼盘', price: 4800, description: '钟水饺、龙抄手打底，再挑两样成都街头名吃。', badge: '推荐',
        groups: [
          { name: '固定小吃', kind: 'fixed', items: [{ dish: '钟水饺' }, { dish: '龙抄手' }] },
          { name: '小吃任选 2 份', kind: 'optional', minChoose: 2, maxChoose: 2, items: [{ dish: '红糖糍粑', isDefault: true }, { dish: '赖汤圆', isDefault: true }, { dish: '三大炮' }, { dish: '酸辣粉' }, { dish: '叶儿粑' }] },
        ],
      },
    ],
  },
  areas: [
    {
      name: '大厅',
      tables: tables('A', 1, 16, (n) => ({
        seats: n <= 4 ? 2 : n <= 12 ? 4 : 6,
      })),
    },
    {
      name: '包间',
      tables: tables('B', 1, 6, (n) => ({
        seats: n <= 2 ? 8 : n <= 5 ? 10 : 12,
        minSpend: n <= 2 ? 60000 : n <= 5 ? 80000 : 120000,
        enabled: n !== 6,
      })),
    },
  ],
};

// ---------- 蜀香园·茶饮（太古里店） ----------

const cups = (middle: number, large: number, member?: [number, number], stock?: { daily: [number, number]; left: [number, number] }): DemoSku[] => [
  { name: '中杯', price: middle, memberPrice: member?.[0], dailyStock: stock?.daily[0], stock: stock?.left[0] },
  { name: '大杯', price: large, memberPrice: member?.[1], dailyStock: stock?.daily[1], stock: stock?.left[1] },
];

const teaShop: DemoStore = {
  name: '蜀香园·茶饮（太古里店）',
  phone: '028-8666 2929',
  region: '四川省 成都市 锦江区',
  address: '中纱帽街 8 号 远洋太古里北区 1 层',
  latitude: 30.6553,
  longitude: 104.0839,
  timeZone: 'Asia/Shanghai',
  dayCutoffHour: 4,
  businessHours: [{ days: EVERY_DAY, open: '09:00', close: '22:00' }],
  orderTypes: ['dine_in', 'takeaway'],
  payMode: 'pay_first',
  pickupRule: { prefix: 'T', start: 1, end: 999, skip: ['4'] },
  packingFeeMode: 'none',
  packingFee: 0,
  notice: '先下单后取餐，请留意叫号屏上的取餐号（T 开头）。甜度、温度可选；自带杯立减 2 元。',
  logo: { character: '茶', colors: ['#5fb36b', '#1f6b3a'] },
  specGroups: [
    { name: '甜度', selection: 'single', minSelect: 1, maxSelect: 1, options: [{ name: '全糖' }, { name: '七分糖' }, { name: '五分糖', isDefault: true }, { name: '三分糖' }, { name: '无糖' }] },
    { name: '温度', selection: 'single', minSelect: 1, maxSelect: 1, options: [{ name: '正常冰', isDefault: true }, { name: '少冰' }, { name: '去冰' }, { name: '常温' }, { name: '热' }] },
    {
      name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 3,
      options: [{ name: '珍珠', priceDelta: 200 }, { name: '椰果', priceDelta: 200 }, { name: '芋圆', priceDelta: 300 }, { name: '红豆', priceDelta: 200 }, { name: '芝士奶盖', priceDelta: 500 }],
    },
    { name: '咖啡选项', selection: 'multiple', minSelect: 0, maxSelect: 2, options: [{ name: '加一份浓缩', priceDelta: 400 }, { name: '换燕麦奶', priceDelta: 300 }] },
    { name: '加热', selection: 'single', minSelect: 0, maxSelect: 1, options: [{ name: '加热', isDefault: true }, { name: '不加热' }] },
  ],
  categories: [
    {
      name: '招牌奶茶',
      palette: palettes.milkTea,
      dishes: [
        { name: '蜀香园招牌奶茶', price: 1500, description: '锡兰红茶与鲜牛乳，茶香浓郁，奶味顺滑。', tags: ['招牌'], specs: ['甜度', '温度', '加料'], skus: cups(1500, 1800, [1400, 1700]), look: milkTea([], '#fff6e6') },
        { name: '珍珠奶茶', price: 1300, description: '现煮黑糖珍珠，Q 弹有嚼劲。', tags: ['推荐'], specs: ['甜度', '温度', '加料'], skus: cups(1300, 1600), look: milkTea([pearls]) },
        { name: '芋泥波波奶茶', price: 1600, description: '手捣香芋泥配波波珍珠，绵密香甜。', tags: ['新品'], specs: ['甜度', '温度', '加料'], skus: cups(1600, 1900), look: milkTea([pearls, { kind: 'ball', color: '#b48ad0', count: 6, size: 1.2 }], undefined, ['#e3cfe8', '#a882bf']) },
        { name: '黑糖鹿丸鲜奶', price: 1800, description: '黑糖挂壁，鲜奶与鹿丸珍珠，不含茶。', specs: ['甜度', '温度'], skus: cups(1800, 2100), look: milkTea([pearls], undefined, ['#f5ead8', '#8a5028']) },
        { name: '杨枝甘露', price: 1800, description: '芒果、西柚、椰奶与西米，港式经典。', tags: ['推荐'], specs: ['甜度', '温度'], skus: cups(1800, 2200, [1700, 2000]), look: fruitTea(['#ffd166', '#f4a522'], '#f7b731') },
        { name: '奥利奥奶盖', price: 1700, description: '奥利奥碎配咸芝士奶盖，口感层次丰富。', specs: ['甜度', '温度'], skus: cups(1700, 2000), look: milkTea([{ kind: 'cube', color: '#2a2220', count: 8 }], '#fffaf2', ['#d8c3a6', '#8a6a4e']) },
      ],
    },
    {
      name: '鲜果茶',
      palette: palettes.fruitTea,
      dishes: [
        { name: '满杯红柚', price: 1700, description: '整颗红心西柚手剥果肉，配茉莉绿茶。', tags: ['推荐'], specs: ['甜度', '温度'], skus: cups(1700, 2000), look: fruitTea(['#f7a1a1', '#e0465a'], '#e8485a') },
        {
          name: '多肉葡萄', price: 1900, description: '巨峰葡萄现剥去皮，配芝士奶盖。每日限量。', tags: ['招牌'], specs: ['甜度', '温度'], stockMode: 'daily',
          skus: cups(1900, 2300, undefined, { daily: [40, 30], left: [23, 11] }), look: fruitTea(['#b98ad6', '#6e3a8f'], '#7c3f8f', '#fffaf2'),
        },
        { name: '芝芝莓莓', price: 1900, description: '新鲜草莓配芝士奶盖（草莓到货中）。', specs: ['甜度', '温度'], soldOut: true, skus: cups(1900, 2300), look: fruitTea(['#ff9fb0', '#e04a6a'], '#e64d6a', '#fffaf2') },
        { name: '柠檬绿茶', price: 1200, description: '香水柠檬手打出香，清爽解腻。', specs: ['甜度', '温度'], skus: cups(1200, 1500), look: fruitTea(['#f3ecaa', '#c9c24a'], '#f5d142') },
        { name: '百香果双响炮', price: 1500, description: '百香果配珍珠与椰果，酸甜双重口感。', tags: ['新品'], specs: ['甜度', '温度', '加料'], skus: cups(1500, 1800), look: { vessel: 'cup', food: ['#ffd36b', '#f29a1f'], bits: [{ kind: 'slice', color: '#e8a11a', count: 3 }, pearls] } },
        { name: '鲜橙多多', price: 1600, description: '鲜橙现榨（换季下架中）。', specs: ['甜度', '温度'], onShelf: false, skus: cups(1600, 1900), look: fruitTea(['#ffc36b', '#f7842a'], '#f59a2a') },
      ],
    },
    {
      name: '纯茶',
      palette: palettes.tea,
      dishes: [
        { name: '茉莉绿茶', price: 1000, description: '福建茉莉花茶，花香清雅。', specs: ['甜度', '温度'], skus: cups(1000, 1200), look: fruitTea(['#e9ecb0', '#b8c45a'], '#f6f2d0') },
        { name: '四季春', price: 1000, description: '台湾四季春乌龙，回甘明显。', specs: ['甜度', '温度'], skus: cups(1000, 1200), look: fruitTea(['#f2deb0', '#c9a45a'], '#f6ead0') },
        { name: '竹叶青', price: 1500, unit: '壶', description: '峨眉山竹叶青热泡，一壶可续水两次。', tags: ['推荐'], look: hotDrink(['#d8e39a', '#93a84a'], undefined, [{ kind: 'strip', color: '#5f8a2a', count: 6, size: 0.6 }]) },
        { name: '碧潭飘雪', price: 1600, unit: '壶', description: '四川茉莉花茶，汤色黄绿，花瓣飘于汤面。', look: hotDrink(['#eee3a4', '#c2a84e'], undefined, [{ kind: 'dot', color: '#ffffff', count: 10, size: 0.9 }]) },
      ],
    },
    {
      name: '咖啡',
      palette: palettes.coffee,
      dishes: [
        { name: '美式咖啡', price: 1500, description: '云南保山咖啡豆中深烘焙，醇厚不苦。', specs: ['温度', '咖啡选项'], skus: cups(1500, 1800), look: hotDrink(['#7a4a2a', '#2a160a']) },
        { name: '拿铁', price: 1800, description: '浓缩咖啡与丝滑鲜奶。', tags: ['推荐'], specs: ['甜度', '温度', '咖啡选项'], skus: cups(1800, 2100, [1600, 1900]), look: hotDrink(['#c49068', '#7a4a2a'], '#f8eee0') },
        { name: '生椰拿铁', price: 2000, description: '海南生椰乳配浓缩，椰香浓郁。', tags: ['新品'], specs: ['甜度', '温度', '咖啡选项'], skus: cups(2000, 2300), look: hotDrink(['#d6b08a', '#8a5a34'], '#fff8ec') },
        { name: '卡布奇诺', price: 1800, description: '绵密奶泡，撒肉桂粉。', specs: ['甜度', '咖啡选项'], skus: cups(1800, 2100), look: hotDrink(['#e3c7a6', '#9c6a42'], '#fbf3e8', [{ kind: 'dot', color: '#8a5a34', count: 12, size: 0.5 }]) },
        { name: '冰博克拿铁', price: 2200, description: '冰博克浓缩牛乳配双份浓缩（原料补货中，暂时下架）。', specs: ['甜度'], onShelf: false, skus: cups(2200, 2600), look: milkTea([], undefined, ['#e9d6bd', '#a8794e']) },
      ],
    },
    {
      name: '小食',
      palette: palettes.pastry,
      dishes: [
        { name: '葡式蛋挞', price: 800, memberPrice: 700, unit: '个', description: '酥皮层层起酥，焦糖蛋液香甜。', tags: ['招牌'], specs: ['加热'], look: golden([{ kind: 'ball', color: '#d8862a', count: 5, size: 1.6 }]) },
        { name: '牛角包', price: 1200, unit: '个', description: '法国黄油牛角包，每日现烤。', specs: ['加热'], look: golden([{ kind: 'strip', color: '#b86a1e', count: 6, size: 1.3 }]) },
        { name: '提拉米苏', price: 2600, description: '马斯卡彭奶酪与咖啡酒浸手指饼，可可粉收尾。', tags: ['推荐'], look: { vessel: 'plate', food: ['#b48a6a', '#5a3a24'], bits: [{ kind: 'dot', color: '#3a2418', count: 20, size: 0.6 }] } },
        { name: '芝士蛋糕', price: 2400, description: '纽约重芝士蛋糕，每日限量 12 块。', stockMode: 'daily', dailyStock: 12, stock: 5, look: golden([{ kind: 'cube', color: '#fbe6a8', count: 3, size: 2 }]) },
        { name: '蜀香园曲奇', price: 1500, unit: '盒', description: '黄油曲奇，一盒 8 块，适合伴手礼。', tags: ['新品'], look: golden([{ kind: 'ball', color: '#e2a85a', count: 6, size: 1.5 }, { kind: 'dot', color: '#4a2a18', count: 10 }]) },
      ],
    },
  ],
  combos: {
    category: '套餐',
    palette: palettes.teaCombo,
    list: [
      {
        name: '下午茶套餐', price: 3900, memberPrice: 3600, description: '两杯中杯饮品配一份小食，14:00–17:00 最受欢迎。', badge: '推荐',
        groups: [
          {
            name: '饮品任选 2 杯（中杯）', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: true,
            items: [
              { dish: '蜀香园招牌奶茶', sku: '中杯', isDefault: true }, { dish: '珍珠奶茶', sku: '中杯' }, { dish: '满杯红柚', sku: '中杯' },
              { dish: '柠檬绿茶', sku: '中杯' }, { dish: '多肉葡萄', sku: '中杯', extraPrice: 300 },
            ],
          },
          { name: '小食任选 1 份', kind: 'optional', minChoose: 1, maxChoose: 1, items: [{ dish: '葡式蛋挞', quantity: 2, isDefault: true }, { dish: '牛角包' }, { dish: '提拉米苏', extraPrice: 500 }] },
        ],
      },
      {
        name: '咖啡早餐组合', price: 2500, description: '一杯咖啡配现烤牛角包，09:00–11:00 供应。',
        groups: [
          { name: '咖啡任选 1 杯', kind: 'optional', minChoose: 1, maxChoose: 1, items: [{ dish: '美式咖啡', sku: '中杯', isDefault: true }, { dish: '拿铁', sku: '中杯', extraPrice: 300 }] },
          { name: '早餐', kind: 'fixed', items: [{ dish: '牛角包' }] },
        ],
      },
      {
        name: '闺蜜双杯', price: 3200, description: '两杯大杯招牌饮品，同款或各选一款。',
        groups: [
          {
            name: '大杯任选 2 杯', kind: 'optional', minChoose: 2, maxChoose: 2, allowRepeat: true,
            items: [{ dish: '蜀香园招牌奶茶', sku: '大杯', isDefault: true }, { dish: '芋泥波波奶茶', sku: '大杯' }, { dish: '杨枝甘露', sku: '大杯' }, { dish: '满杯红柚', sku: '大杯' }],
          },
        ],
      },
    ],
  },
  areas: [
    { name: '一楼', tables: tables('T', 1, 12, (n) => ({ seats: n <= 6 ? 2 : 4 })) },
    { name: '二楼', tables: tables('S', 1, 10, (n) => ({ seats: n <= 4 ? 4 : 6 })) },
  ],
};

/** The brand's stores, in order: the first is the demo operator's. */
export const DEMO_STORES: readonly DemoStore[] = [sichuan, teaShop];

/** The demo user (identity's seed) who works in the first store; the admin sees every store. */
export const DEMO_OPERATOR = 'operator';
