import { DAY, HOUR } from './clock.js';
import { makeAmr, makeAvatarPng, makeDishPng, makeJpeg, makeMp4, type Rgb } from './media.js';
import { demoMerchant } from './pay/state.js';
import { randomId, type MenuButton, type SimAccount, type SimFollower, type SimStore } from './state.js';

/**
 * The demo account the simulator creates on an empty state. The server's seed uses the same
 * values so that `npm start` works out of the box (the callback goes to the product on :8080).
 */
export const demoAccount = {
  appId: 'wx6c3a1e5f0b7d9246',
  secret: '4f1c2a9b7d3e8f60a5b4c3d2e1f0a9b8',
  token: 'canteendemotoken',
  encodingAesKey: 'CanteenDemoAesKey2026abcdefghijklmnopqrstuv',
  originalId: 'gh_3c9e1f2a7b40',
  name: '食堂示范公众号',
  mode: 'safe',
} as const satisfies Pick<SimAccount, 'appId' | 'secret' | 'token' | 'encodingAesKey' | 'originalId' | 'name' | 'mode'>;

/** The default callback of an account: the product's portal path on the product's base URL. */
export function defaultCallbackUrl(productBaseUrl: string, appId: string): string {
  return `${productBaseUrl.replace(/\/+$/, '')}/weixin/portal/${appId}`;
}

/** The demo followers (OpenIDs are fixed so that tests and the product's seed can name them). */
export const demoFollowers = [
  { openid: 'oyezWrPPEaeR_aM3xkmC8nQq1oUC', nickname: '小王同学', sex: 1, province: '广东', city: '广州', language: 'zh_CN', scene: 'ADD_SCENE_QR_CODE', qrScene: 1, qrSceneStr: '1', tags: [100], daysAgo: 30, color: [230, 120, 60] },
  { openid: 'oMmt-inMjbPz2192YKHNv-GW8IV5', nickname: '李阿姨', sex: 2, province: '上海', city: '上海', language: 'zh_CN', scene: 'ADD_SCENE_SEARCH', qrScene: 0, qrSceneStr: '', tags: [100], daysAgo: 20, color: [200, 80, 140] },
  { openid: 'ofNHT7J9ozunYnT7-SiYxSWi_KVM', nickname: '陈师傅', sex: 1, province: '北京', city: '北京', language: 'zh_CN', scene: 'ADD_SCENE_PROFILE_CARD', qrScene: 0, qrSceneStr: '', tags: [], daysAgo: 12, color: [70, 130, 200] },
  { openid: 'ouy4CUWK8gCCtV0gACJ4ZP1MSK26', nickname: 'Lucy', sex: 2, province: '广东', city: '深圳', language: 'en', scene: 'ADD_SCENE_OTHERS', qrScene: 0, qrSceneStr: '', tags: [101], daysAgo: 5, color: [90, 170, 90] },
  { openid: 'oh794ZuDSA7cCcCZUV20T_vxmOBO', nickname: '老周', sex: 1, province: '四川', city: '成都', language: 'zh_CN', scene: 'ADD_SCENE_QR_CODE', qrScene: 1, qrSceneStr: '1', tags: [100, 101], daysAgo: 2, color: [150, 110, 200] },
  { openid: 'oaAU0SZpX8h_4gENkRj0OJ0LQwBO', nickname: '阿强', sex: 1, province: '浙江', city: '杭州', language: 'zh_CN', scene: 'ADD_SCENE_SEARCH', qrScene: 0, qrSceneStr: '', tags: [], daysAgo: 40, color: [120, 120, 120], unsubscribed: true },
] as const satisfies readonly {
  openid: string;
  nickname: string;
  sex: 0 | 1 | 2;
  province: string;
  city: string;
  language: string;
  scene: string;
  qrScene: number;
  qrSceneStr: string;
  tags: readonly number[];
  daysAgo: number;
  color: Rgb;
  unsubscribed?: boolean;
}[];

export const demoTags = [
  { id: 100, name: '老顾客' },
  { id: 101, name: '外卖常客' },
] as const;

/** The menu the demo account starts with (the product replaces it when it publishes its own). */
export const demoMenu: MenuButton[] = [
  { type: 'click', name: '今日菜单', key: 'MENU_TODAY' },
  {
    name: '会员服务',
    sub_button: [
      { type: 'view', name: '会员中心', url: 'https://example.com/member', sub_button: [] },
      { type: 'scancode_waitmsg', name: '扫码点餐', key: 'SCAN_ORDER', sub_button: [] },
      { type: 'click', name: '联系我们', key: 'CONTACT_US', sub_button: [] },
    ],
  },
  { type: 'location_select', name: '附近门店', key: 'NEARBY_STORE' },
];

/** Sample media the follower console sends (and the seed stores as materials). */
export interface SampleMedia {
  id: string;
  label: string;
  kind: 'image' | 'voice' | 'video' | 'thumb';
  contentType: string;
  filename: string;
  make: () => Buffer;
}

export const sampleMedia: SampleMedia[] = [
  { id: 'dish-braised-pork', label: '红烧肉', kind: 'image', contentType: 'image/png', filename: 'braised-pork.png', make: () => makeDishPng([[150, 50, 30], [190, 90, 40], [120, 30, 20]]) },
  { id: 'dish-greens', label: '清炒时蔬', kind: 'image', contentType: 'image/png', filename: 'greens.png', make: () => makeDishPng([[60, 150, 60], [90, 190, 80], [40, 120, 50]]) },
  { id: 'dish-noodles', label: '番茄鸡蛋面', kind: 'image', contentType: 'image/png', filename: 'noodles.png', make: () => makeDishPng([[230, 200, 110], [220, 70, 50], [250, 220, 80]]) },
  { id: 'voice-hello', label: '语音（2秒）', kind: 'voice', contentType: 'audio/amr', filename: 'hello.amr', make: () => makeAmr(2) },
  { id: 'video-store', label: '门店小视频（2秒）', kind: 'video', contentType: 'video/mp4', filename: 'store.mp4', make: () => makeMp4() },
  { id: 'thumb-cover', label: '封面缩略图', kind: 'thumb', contentType: 'image/jpeg', filename: 'cover.jpg', make: () => makeJpeg(64, 48, 200) },
];

export function sample(id: string): SampleMedia | undefined {
  return sampleMedia.find((item) => item.id === id);
}

export function firstSample(kind: SampleMedia['kind']): SampleMedia {
  return sampleMedia.find((item) => item.kind === kind)!;
}

/** Creates an account with the simulator's defaults. */
export function newAccount(input: Partial<SimAccount> & Pick<SimAccount, 'appId'>, now: number): SimAccount {
  return {
    secret: randomId(16).replace(/[-_]/g, 'a').slice(0, 32),
    token: 'token',
    encodingAesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    originalId: `gh_${input.appId.slice(-12)}`,
    name: input.appId,
    mode: 'plain',
    callbackUrl: null,
    retiredNewsApi: false,
    legacyProfile: true,
    enforceCustomQuota: true,
    createdAt: now,
    ...input,
  };
}

export function newFollower(input: Partial<SimFollower> & Pick<SimFollower, 'appId' | 'openid'>, nowSeconds: number): SimFollower {
  return {
    nickname: '新朋友',
    avatarFileId: null,
    sex: 0,
    city: '',
    province: '',
    country: '中国',
    language: 'zh_CN',
    subscribed: true,
    subscribeTime: nowSeconds,
    subscribeScene: 'ADD_SCENE_SEARCH',
    qrScene: 0,
    qrSceneStr: '',
    remark: '',
    tagIds: [],
    unionid: null,
    subscribeCount: 1,
    unsubscribedAt: null,
    grants: [],
    location: null,
    ...input,
  };
}

/** Fills an empty store with the demo account, its followers, tags, materials and menu. */
export function seedDemo(store: SimStore, productBaseUrl: string): void {
  const now = store.clock.now();
  const nowSeconds = Math.floor(now / 1000);
  const appId = demoAccount.appId;
  store.data.accounts.push(newAccount({ ...demoAccount, callbackUrl: defaultCallbackUrl(productBaseUrl, appId) }, now));
  store.data.pay.merchants.push(demoMerchant());
  for (const tag of demoTags) store.data.tags.push({ appId, ...tag });
  store.data.nextTagId[appId] = 102;
  for (const seed of demoFollowers) {
    const avatar = store.addFile(makeAvatarPng(seed.color), 'image/png', `${seed.openid}.png`);
    const unsubscribed = 'unsubscribed' in seed && seed.unsubscribed;
    store.data.followers.push(
      newFollower(
        {
          appId,
          openid: seed.openid,
          nickname: seed.nickname,
          avatarFileId: avatar.id,
          sex: seed.sex,
          province: seed.province,
          city: seed.city,
          language: seed.language,
          subscribeScene: seed.scene,
          qrScene: seed.qrScene,
          qrSceneStr: seed.qrSceneStr,
          tagIds: [...seed.tags],
          subscribeTime: nowSeconds - seed.daysAgo * 86400,
          subscribed: !unsubscribed,
          unsubscribedAt: unsubscribed ? now - 3 * DAY : null,
        },
        nowSeconds,
      ),
    );
  }
  // Permanent materials: three pictures, a cover thumbnail, a voice clip, a video and a news item.
  const addMaterial = (sampleId: string, type: 'image' | 'voice' | 'video' | 'thumb', extra: { title?: string; introduction?: string } = {}, ageHours = 0) => {
    const item = sample(sampleId)!;
    const file = store.addFile(item.make(), item.contentType, item.filename);
    const mediaId = randomId(32);
    const at = now - ageHours * HOUR;
    store.data.materials.push({
      appId,
      mediaId,
      type,
      name: item.filename,
      fileId: file.id,
      title: extra.title ?? '',
      introduction: extra.introduction ?? '',
      articles: [],
      createdAt: at,
      updatedAt: at,
    });
    return mediaId;
  };
  addMaterial('dish-braised-pork', 'image', {}, 72);
  addMaterial('dish-greens', 'image', {}, 48);
  addMaterial('dish-noodles', 'image', {}, 24);
  const thumb = addMaterial('thumb-cover', 'thumb', {}, 24);
  addMaterial('voice-hello', 'voice', {}, 20);
  addMaterial('video-store', 'video', { title: '门店环境', introduction: '带你看看我们的新店' }, 18);
  store.data.materials.push({
    appId,
    mediaId: randomId(32),
    type: 'news',
    name: '',
    fileId: null,
    title: '',
    introduction: '',
    articles: [
      {
        title: '本周新品：番茄鸡蛋面',
        thumb_media_id: thumb,
        author: '食堂小编',
        digest: '酸甜开胃，一碗就满足',
        show_cover_pic: 1,
        content: '<p>本周上新番茄鸡蛋面，会员享九折。</p>',
        content_source_url: 'https://example.com/news/1',
        need_open_comment: 0,
        only_fans_can_comment: 0,
      },
    ],
    createdAt: now - 12 * HOUR,
    updatedAt: now - 12 * HOUR,
  });
  store.data.menus.push({ appId, menuid: '208379533', button: structuredClone(demoMenu) });
  store.changed();
}
