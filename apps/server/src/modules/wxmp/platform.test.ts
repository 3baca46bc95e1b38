import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, demoFollowers, makeAmr, makeJpeg, makeMp4, makePng } from '@canteen/wechat-sim';
import { createTestApp } from '../../../test/app.js';
import { signIn, type AuthHeader } from '../../../test/auth.js';
import { platformErrors } from '../../platform/wechat/errors.js';
import { DEMO_ACCOUNT } from './seed.js';
import { multipart, startSimulator } from '../../../test/sim.js';

const { url: simUrl, call: sim } = await startSimulator();
const { app } = await createTestApp({ WECHAT_API_BASE: simUrl });
const appId = demoAccount.appId;
let auth: AuthHeader;

const get = (url: string) => app.inject({ url, headers: auth });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const data = <T = unknown>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

/** A background sync's progress, once it stopped running (a sync reads the whole simulator account). */
const finished = async <T extends { state: string }>(progressUrl: string): Promise<T> => {
  const progress = async () => data<T>(await get(progressUrl));
  await expect.poll(async () => (await progress()).state, { timeout: 15_000, message: progressUrl }).not.toBe('running');
  return progress();
};

const upload = (fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer } | Array<{ name: string; type: string; bytes: Buffer }>) => {
  const body = multipart({ appId, ...fields }, Array.isArray(file) ? file : [file]);
  return app.inject({ method: 'POST', url: '/weixin/wxmaterial/materialFileUpload', headers: { ...auth, ...body.headers }, payload: body.payload });
};
const png = () => makePng(8, 8, (x, y) => [x * 30, y * 30, 128]);

beforeAll(async () => {
  auth = await signIn(app, 'admin');
});

describe('the demo account', () => {
  it('is seeded with the simulator demo account values, its secrets sealed', async () => {
    expect(DEMO_ACCOUNT).toEqual({ appId: demoAccount.appId, secret: demoAccount.secret, token: demoAccount.token, encodingAesKey: demoAccount.encodingAesKey, originalId: demoAccount.originalId, name: demoAccount.name, mode: demoAccount.mode });
    const list = data<Array<{ appId: string; secret: string; aesKey: string; msgMode: string }>>(await get('/weixin/wxapp/list'));
    const demo = list.find((a) => a.appId === appId)!;
    expect(demo.msgMode).toBe('safe');
    expect(demo.secret).not.toBe(demoAccount.secret);
    expect(demo.secret).toContain('*');
    const [row] = await app.database.exclusive((exec) => exec('select secret_enc, token_enc, aes_key_enc from wx_app where app_id = $1', [appId]));
    expect(JSON.stringify(row)).not.toContain(demoAccount.secret);
    expect(JSON.stringify(row)).not.toContain(demoAccount.encodingAesKey);
  });
});

describe('accounts', () => {
  it('creates, pages, shows masked, edits keeping secrets, tells the callback URL and token, deletes', async () => {
    const created = await send('POST', '/weixin/wxapp', { name: '分店公众号', weixinSign: 'gh_branch', appId: 'wxbranch00000001', secret: 'branch-secret-123456', token: 'branchtoken', msgMode: 'plain' });
    expect(created.statusCode).toBe(200);
    const id = data<{ id: string }>(created).id;
    const duplicate = await send('POST', '/weixin/wxapp', { name: '重复', weixinSign: 'gh_x', appId: 'wxbranch00000001', secret: 's', token: 'abc' });
    expect(duplicate.statusCode).toBe(409);
    const page = data<{ records: Array<{ appId: string; secret: string }>; total: number }>(await get('/weixin/wxapp/page?current=1&size=10&name=分店'));
    expect(page.total).toBe(1);
    expect(page.records[0]!.secret).toBe('br****************56');
    const shown = data<{ secret: string; token: string }>(await get(`/weixin/wxapp/${id}`));
    const edited = await send('PUT', '/weixin/wxapp', { id, name: '分店公众号（改）', weixinSign: 'gh_branch', appId: 'wxbranch00000001', secret: shown.secret, token: shown.token, msgMode: 'plain' });
    expect(data<{ name: string }>(edited).name).toBe('分店公众号（改）');
    const info = data<{ url: string; token: string }>(await get(`/weixin/wxapp/access-info?id=${id}`));
    expect(info.token).toBe('br*******en');
    expect(info.url).toMatch(/\/weixin\/portal\/wxbranch00000001$/);
    const safe = await send('PUT', '/weixin/wxapp', { id, name: 'x', weixinSign: 'gh_branch', appId: 'wxbranch00000001', msgMode: 'safe', aesKey: '' });
    expect(safe.statusCode).toBe(400);
    expect(safe.json().msg).toBe('兼容模式和安全模式需要填写 EncodingAESKey');
    expect((await send('DELETE', `/weixin/wxapp/${id}`)).statusCode).toBe(200);
    expect((await get(`/weixin/wxapp/${id}`)).statusCode).toBe(404);
  });

  it('needs the permission: 401 without a token', async () => {
    expect((await app.inject('/weixin/wxapp/page')).statusCode).toBe(401);
  });
});

describe('followers', () => {
  it('syncs from the platform in the background with progress, then pages, filters by tag and searches', async () => {
    const started = await send('POST', '/weixin/wxuser/synchron', { appId });
    expect(started.statusCode).toBe(200);
    const done = await finished<{ state: string; total: number; done: number; percent: number }>(`/weixin/wxuser/synchron/progress?appId=${appId}`);
    const subscribed = demoFollowers.filter((f) => !('unsubscribed' in f));
    expect(done).toMatchObject({ state: 'done', total: subscribed.length, done: subscribed.length, percent: 100 });
    const page = data<{ records: Array<{ openId: string; subscribe: string; tagidList: number[]; subscribeScene: string; nickName: string }>; total: number }>(await get(`/weixin/wxuser/page?appId=${appId}&size=50&subscribe=1`));
    expect(page.total).toBe(subscribed.length);
    const wang = page.records.find((r) => r.openId === demoFollowers[0].openid)!;
    expect(wang).toMatchObject({ subscribe: '1', tagidList: [100], subscribeScene: 'ADD_SCENE_QR_CODE', nickName: '小王同学' });
    const tagged = data<{ total: number }>(await get(`/weixin/wxuser/page?appId=${appId}&tagId=100`));
    expect(tagged.total).toBe(subscribed.filter((f) => (f.tags as readonly number[]).includes(100)).length);
    const search = data<{ records: Array<{ openId: string }> }>(await get(`/weixin/wxuser/page?appId=${appId}&nickName=${encodeURIComponent('李')}`));
    expect(search.records.map((r) => r.openId)).toEqual([demoFollowers[1].openid]);
  });

  it('edits a remark on the platform and here', async () => {
    const page = data<{ records: Array<{ id: string; openId: string }> }>(await get(`/weixin/wxuser/page?appId=${appId}&size=50`));
    const target = page.records.find((r) => r.openId === demoFollowers[2].openid)!;
    const res = await send('PUT', '/weixin/wxuser/remark', { id: target.id, remark: '常点红烧肉', appId });
    expect(data<{ remark: string }>(res).remark).toBe('常点红烧肉');
    const onPlatform = await sim<{ remark: string }>('GET', `/sim/accounts/${appId}/followers/${demoFollowers[2].openid}`);
    expect(onPlatform.remark).toBe('常点红烧肉');
    const tooLong = await send('PUT', '/weixin/wxuser/remark', { id: target.id, remark: 'x'.repeat(31), appId });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('tags', () => {
  it('creates, renames, tags and untags followers, deletes, in step with the platform', async () => {
    const created = data<{ id: number; name: string }>(await send('POST', '/weixin/wxusertags', { appId, name: '新顾客' }));
    expect(created.name).toBe('新顾客');
    const openIds = [demoFollowers[2].openid, demoFollowers[3].openid];
    expect((await send('PUT', '/weixin/wxuser/tagid-list', { taggingType: 'tagging', appId, tagIds: [created.id], openIds })).statusCode).toBe(200);
    expect(data<{ total: number }>(await get(`/weixin/wxuser/page?appId=${appId}&tagId=${created.id}`)).total).toBe(2);
    const onPlatform = await sim<{ tagIds?: number[]; tagid_list?: number[] }>('GET', `/sim/accounts/${appId}/followers/${openIds[0]}`);
    expect(onPlatform.tagIds ?? onPlatform.tagid_list).toContain(created.id);
    let list = data<Array<{ id: number; name: string; count: number }>>(await get(`/weixin/wxusertags/list?appId=${appId}`));
    expect(list.find((t) => t.id === created.id)).toMatchObject({ name: '新顾客', count: 2 });

    await send('PUT', '/weixin/wxuser/tagid-list', { taggingType: 'unTagging', appId, tagIds: [created.id], openIds: [openIds[0]] });
    expect(data<{ total: number }>(await get(`/weixin/wxuser/page?appId=${appId}&tagId=${created.id}`)).total).toBe(1);

    expect((await send('PUT', '/weixin/wxusertags', { appId, id: created.id, name: '回头客' })).statusCode).toBe(200);
    list = data(await get(`/weixin/wxusertags/list?appId=${appId}`));
    expect(list.find((t) => t.id === created.id)!.name).toBe('回头客');
    const duplicate = await send('POST', '/weixin/wxusertags', { appId, name: '回头客' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().msg).toContain('标签名已存在');

    expect((await send('DELETE', `/weixin/wxusertags?appId=${appId}&id=${created.id}`)).statusCode).toBe(200);
    list = data(await get(`/weixin/wxusertags/list?appId=${appId}`));
    expect(list.some((t) => t.id === created.id)).toBe(false);
    expect(data<{ total: number }>(await get(`/weixin/wxuser/page?appId=${appId}&tagId=${created.id}`)).total).toBe(0);
  });
});

describe('materials', () => {
  let imageId = '';

  it('pulls the platform materials into the mirror in the background, with the bytes of pictures and voice', async () => {
    expect((await send('POST', '/weixin/wxmaterial/synchron', { appId })).statusCode).toBe(200);
    const done = await finished<{ state: string; done: number; total: number }>(`/weixin/wxmaterial/synchron/progress?appId=${appId}`);
    expect(done.state).toBe('done');
    expect(done.done).toBe(done.total);
    const images = data<{ items: Array<{ url: string; name: string }>; totalCount: number }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=image`));
    expect(images.totalCount).toBeGreaterThanOrEqual(3);
    for (const item of images.items) {
      expect(item.url).toMatch(/^\/weixin\/media\/material\//);
      expect((await app.inject(item.url)).headers['content-type']).toMatch(/^image\//);
    }
    const news = data<{ items: Array<{ content: { articles: Array<{ title: string }> } }> }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=news`));
    expect(news.items[0]!.content.articles.length).toBeGreaterThanOrEqual(1);
    const videos = data<{ items: Array<{ title: string | null }> }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=video`));
    expect(videos.items[0]!.title).toBeTruthy();
  });

  it('uploads a good image, lists it from the mirror and downloads the same bytes', async () => {
    const bytes = png();
    const res = await upload({ mediaType: 'image' }, { name: '红烧肉.png', type: 'image/png', bytes });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { type: 'image', name: '红烧肉.png' } });
    imageId = data<{ mediaId: string }>(res).mediaId;
    const page = data<{ items: Array<{ mediaId: string; url: string; updateTime: string }>; totalCount: number }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=image&current=1&size=20`));
    expect(page.items[0]!.mediaId).toBe(imageId);
    expect(page.totalCount).toBeGreaterThanOrEqual(1);
    const preview = await app.inject(page.items[0]!.url);
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(bytes)).toBe(true);
    const download = await get(`/weixin/wxmaterial/materialOther?appId=${appId}&mediaId=${imageId}&fileName=${encodeURIComponent('红烧肉.png')}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('红烧肉.png')}`);
  });

  it('refuses a wrong image type, a 3 MB image, a wrong voice type and bytes that lie, with the specification messages', async () => {
    const wrongType = await upload({ mediaType: 'image' }, { name: 'a.webp', type: 'image/webp', bytes: Buffer.from('RIFF\0\0\0\0WEBPVP8 ') });
    expect([wrongType.statusCode, wrongType.json().msg]).toEqual([415, '上传图片格式不对!']);
    const big = Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await upload({ mediaType: 'image' }, { name: 'big.png', type: 'image/png', bytes: big });
    expect([tooBig.statusCode, tooBig.json().msg]).toEqual([413, '上传图片大小不能超过2M!']);
    const wrongVoice = await upload({ mediaType: 'voice' }, { name: 'a.ogg', type: 'audio/ogg', bytes: Buffer.from('OggS\0\0\0') });
    expect([wrongVoice.statusCode, wrongVoice.json().msg]).toEqual([415, '上传语音格式不对!']);
    const lyingImage = await upload({ mediaType: 'image' }, { name: 'invoice.png', type: 'image/png', bytes: Buffer.from('MZ\x90\0 this is a program, not a picture') });
    expect(lyingImage.json().msg).toBe('上传图片格式不对!');
    const lyingVoice = await upload({ mediaType: 'voice' }, { name: 'song.mp3', type: 'audio/mpeg', bytes: png() });
    expect(lyingVoice.json().msg).toBe('上传语音格式不对!');
    const bigVoice = await upload({ mediaType: 'voice' }, { name: 'long.amr', type: 'audio/amr', bytes: Buffer.concat([makeAmr(1), Buffer.alloc(2 * 1024 * 1024)]) });
    expect(bigVoice.json().msg).toBe('上传语音大小不能超过2M!');
    const two = await upload({ mediaType: 'image' }, [{ name: 'a.png', type: 'image/png', bytes: png() }, { name: 'b.png', type: 'image/png', bytes: png() }]);
    expect([two.statusCode, two.json().msg]).toEqual([400, '一次只能上传一个文件']);
  });

  it('uploads voice and video (video needs a title and an introduction) and tells the video details', async () => {
    const voice = await upload({ mediaType: 'voice' }, { name: 'hello.amr', type: 'audio/amr', bytes: makeAmr(2) });
    expect(voice.statusCode).toBe(200);
    const noTitle = await upload({ mediaType: 'video', introduction: '介绍' }, { name: 'clip.mp4', type: 'video/mp4', bytes: makeMp4() });
    expect([noTitle.statusCode, noTitle.json().msg]).toEqual([400, '请输入视频标题']);
    const noIntro = await upload({ mediaType: 'video', title: '后厨' }, { name: 'clip.mp4', type: 'video/mp4', bytes: makeMp4() });
    expect(noIntro.json().msg).toBe('请输入视频描述');
    const video = await upload({ mediaType: 'video', title: '后厨探访', introduction: '看看我们的厨房' }, { name: 'clip.mp4', type: 'video/mp4', bytes: makeMp4() });
    expect(video.statusCode).toBe(200);
    const mediaId = data<{ mediaId: string }>(video).mediaId;
    const details = data<{ title: string; description: string; downUrl: string }>(await get(`/weixin/wxmaterial/materialVideo?appId=${appId}&mediaId=${mediaId}`));
    expect(details).toMatchObject({ title: '后厨探访', description: '看看我们的厨房' });
    expect((await app.inject(details.downUrl)).rawPayload.equals(makeMp4())).toBe(true);
  });

  it('creates a news item with two articles, edits it, and lists it with its cover', async () => {
    const cover = data<{ mediaId: string }>(await upload({ mediaType: 'image' }, { name: 'cover.jpg', type: 'image/jpeg', bytes: makeJpeg(16, 16) })).mediaId;
    const article = (title: string) => ({ title, thumbMediaId: cover, author: '主厨', digest: '摘要', content: `<p>${title}</p>`, contentSourceUrl: 'https://example.com/a' });
    const created = await send('POST', '/weixin/wxmaterial/materialNews', { appId, articles: [article('本周新菜'), article('会员日')] });
    expect(created.statusCode).toBe(200);
    const mediaId = data<{ mediaId: string }>(created).mediaId;
    const edited = await send('PUT', '/weixin/wxmaterial/materialNews', { appId, mediaId, articles: [article('本周新菜（更新）'), article('会员日')] });
    expect(edited.statusCode).toBe(200);
    const page = data<{ items: Array<{ mediaId: string; content: { articles: Array<{ title: string; thumbUrl: string }> } }> }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=news&size=10`));
    const news = page.items.find((i) => i.mediaId === mediaId)!;
    expect(news.content.articles.map((a) => a.title)).toEqual(['本周新菜（更新）', '会员日']);
    expect(news.content.articles[0]!.thumbUrl).toMatch(/^\/weixin\/media\//);
    const nine = await send('POST', '/weixin/wxmaterial/materialNews', { appId, articles: Array.from({ length: 9 }, (_, i) => article(`第${i}篇`)) });
    expect(nine.statusCode).toBe(400);
    const noCover = await send('POST', '/weixin/wxmaterial/materialNews', { appId, articles: [{ ...article('x'), thumbMediaId: 'missing' }] });
    expect(noCover.json().msg).toContain('封面图片');
  });

  it('deletes on the platform and from the mirror', async () => {
    expect((await send('DELETE', `/weixin/wxmaterial?appId=${appId}&id=${imageId}`)).statusCode).toBe(200);
    const page = data<{ items: Array<{ mediaId: string }> }>(await get(`/weixin/wxmaterial/page?appId=${appId}&type=image&size=100`));
    expect(page.items.some((i) => i.mediaId === imageId)).toBe(false);
    const gone = await get(`/weixin/wxmaterial/materialOther?appId=${appId}&mediaId=${imageId}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toContain('素材不存在');
  });
});

describe('pushes from the simulator (safe mode, real HTTP)', () => {
  it('stores a follower image and serves our copy of the temporary media', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await sim('PATCH', `/sim/accounts/${appId}`, { callbackUrl: `${address}/weixin/portal/${appId}` });
    const openid = demoFollowers[0].openid;
    await sim('POST', `/sim/accounts/${appId}/followers/${openid}/messages`, { msgType: 'image' });
    const copies = () => app.database.exclusive((exec) => exec(`select * from wx_msg where app_id = $1 and open_id = $2 and rep_type = 'image' and media_storage_key is not null`, [appId, openid]));
    await expect.poll(copies, { message: 'the image copy' }).toHaveLength(1);
    const [row] = await copies();
    expect(row).toMatchObject({ type: '1', read_flag: '0' });
    const file = await get(`/weixin/wxmaterial/tempMaterialOther?appId=${appId}&mediaId=${String(row!.rep_media_id)}&fileName=a.png`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    expect(file.rawPayload.length).toBeGreaterThan(50);
  });
});

describe('access token', () => {
  it('is fetched once, shown on request, and refreshed once when the platform says it expired', async () => {
    const [account] = await app.database.exclusive((exec) => exec('select id from wx_app where app_id = $1', [appId]));
    const first = data<{ accessToken: string }>(await get(`/weixin/wxapp/access-token?id=${String(account!.id)}`)).accessToken;
    const fetches = app.wxmp.client.tokenFetches;
    await sim('POST', '/sim/clock/advance', { hours: 3 });
    try {
      const tags = await get(`/weixin/wxusertags/list?appId=${appId}`);
      expect(tags.statusCode).toBe(200);
      expect(app.wxmp.client.tokenFetches).toBe(fetches + 1);
      const second = data<{ accessToken: string }>(await get(`/weixin/wxapp/access-token?id=${String(account!.id)}`)).accessToken;
      expect([first, second].every((t) => /^.{2}\*+.{2}$/.test(t))).toBe(true);
    } finally {
      await sim('POST', '/sim/clock/reset');
    }
  });

  it('retries once after a rotated token (40001) and only once', async () => {
    await sim('POST', '/sim/faults', { path: 'tags/get', appId, errcode: 40001, times: 1 });
    expect((await get(`/weixin/wxusertags/list?appId=${appId}`)).statusCode).toBe(200);
    await sim('POST', '/sim/faults', { path: 'tags/get', appId, errcode: 40001, times: 2 });
    const twice = await get(`/weixin/wxusertags/list?appId=${appId}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toContain('40001');
    await sim('DELETE', '/sim/faults');
  });
});

describe('platform errors', () => {
  const codes = [-1, 40003, 40007, 40164, 45009, 45011, 45015, 45047, 45056, 45157, 48001, 48005, 50002];
  it.each(codes)('errcode %i is shown with its clear message and status', async (errcode) => {
    await sim('POST', '/sim/faults', { path: 'tags/create', appId, errcode, times: 1 });
    const res = await send('POST', '/weixin/wxusertags', { appId, name: `标签${errcode}` });
    const [status, message] = platformErrors[errcode]!;
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code: 1, msg: `${message}（微信错误码 ${errcode}）`, data: null });
  });

  it('falls back to the local tag mirror when the platform is busy', async () => {
    await sim('POST', '/sim/faults', { path: 'tags/get', appId, errcode: -1, times: 1 });
    const res = await get(`/weixin/wxusertags/list?appId=${appId}`);
    expect(res.statusCode).toBe(200);
    expect(data<Array<{ name: string }>>(res).map((t) => t.name)).toContain('老顾客');
  });

  it('says quota and rate limits as such', () => {
    expect(platformErrors[45009]![1]).toContain('次数上限');
    expect(platformErrors[45011]![1]).toContain('太频繁');
    expect(platformErrors[45009]![0]).toBe(429);
  });

  it('shows an unknown code with the platform text, and a wrong AppSecret as a configuration problem', async () => {
    await sim('POST', '/sim/faults', { path: 'tags/get', appId, errcode: 61234, errmsg: 'strange thing', times: 1 });
    const unknown = await get(`/weixin/wxusertags/list?appId=${appId}`);
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().msg).toContain('61234');
    await send('POST', '/weixin/wxapp', { name: '错密钥', weixinSign: 'gh_wrong', appId: 'wxwrongsecret001', secret: 'not-the-secret', token: 'abcabc' });
    await sim('POST', '/sim/accounts', { appId: 'wxwrongsecret001', secret: 'the-real-secret', token: 'abcabc', originalId: 'gh_wrong', name: '错密钥' });
    const res = await get('/weixin/wxusertags/list?appId=wxwrongsecret001');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/AppSecret/);
  });
});
