/**
 * The customer side's demo business: the four levels, the recharge plans of the counter, and
 * what the generator draws ~300 members from (names, phone prefixes). Money in fen.
 */

export interface DemoLevel {
  name: string;
  rank: number;
  threshold: number;
  discountRate: number;
  pointsRate: number;
}

/** The level every brand has, demo or not: a new member starts here. */
export const ENTRY_LEVEL: DemoLevel = { name: '普通会员', rank: 0, threshold: 0, discountRate: 100, pointsRate: 100 };

export const DEMO_LEVELS: readonly DemoLevel[] = [
  ENTRY_LEVEL,
  { name: '银卡会员', rank: 1, threshold: 100_000, discountRate: 98, pointsRate: 120 },
  { name: '金卡会员', rank: 2, threshold: 500_000, discountRate: 95, pointsRate: 150 },
  { name: '钻石会员', rank: 3, threshold: 2_000_000, discountRate: 90, pointsRate: 200 },
];

export interface DemoPlan {
  name: string;
  payAmount: number;
  bonusAmount: number;
  bonusPoints: number;
  perMemberLimit?: number;
  enabled?: boolean;
  /** Only the first demo store (index into DEMO_STORES). */
  firstStoreOnly?: boolean;
  /** Days from the seed: negative = started before. */
  startsInDays?: number;
  endsInDays?: number;
  sort: number;
}

export const DEMO_PLANS: readonly DemoPlan[] = [
  { name: '充100送5', payAmount: 10_000, bonusAmount: 500, bonusPoints: 0, sort: 1 },
  { name: '充200送20', payAmount: 20_000, bonusAmount: 2_000, bonusPoints: 50, sort: 2 },
  { name: '充500送80', payAmount: 50_000, bonusAmount: 8_000, bonusPoints: 200, sort: 3 },
  { name: '充1000送200', payAmount: 100_000, bonusAmount: 20_000, bonusPoints: 500, sort: 4 },
  { name: '新客首充50送20', payAmount: 5_000, bonusAmount: 2_000, bonusPoints: 0, perMemberLimit: 1, firstStoreOnly: true, startsInDays: -90, endsInDays: 30, sort: 5 },
  { name: '国庆充300送60（已结束）', payAmount: 30_000, bonusAmount: 6_000, bonusPoints: 100, enabled: false, startsInDays: -60, endsInDays: -50, sort: 6 },
];

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
export const GIVEN_MALE = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩', '鹏', '宇', '俊', '峰', '建国', '志强', '文博', '子轩', '浩然', '宇航', '俊杰', '晨阳', '一鸣', '思远', '家豪', '天佑', '博文', '明轩'];
export const GIVEN_FEMALE = ['芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '婷', '雪', '琳', '颖', '倩', '欣怡', '梓涵', '诗琪', '雨桐', '思雨', '佳琪', '可馨', '晓燕', '梦瑶', '雅婷', '紫萱', '若曦', '一诺', '心怡'];
/** Mobile prefixes of the three carriers (199 is left to the tests). */
export const PHONE_PREFIXES = ['130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158', '159', '166', '176', '177', '180', '181', '185', '186', '187', '188', '189'];
export const ADJUST_REASONS = ['老系统储值余额迁移', '顾客投诉补偿', '生日关怀赠送', '收银员操作失误更正', '活动奖励'];
export const REFUND_REASONS = ['顾客搬家，申请退卡', '顾客重复充值', '误充金额，原路退回'];
export const REMARKS = ['', '', '', '', '喜欢靠窗座位', '不吃香菜', '常点外带', '公司团建联系人', '对花生过敏'];

/** How many members the demo has. */
export const DEMO_MEMBERS = 300;
