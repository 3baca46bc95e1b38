import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@canteen/wechat-sim';
import { HISTORY_PAGE_SIZE, urlMessage } from '@canteen/contract';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { liveUrl, stompConnect, type StompSession } from '../../../../test/stomp.js';
import { createAccount } from '../../../../test/wxmp.js';
import { startSimulator } from '../../../../test/sim.js';
import { MENU_DELETED_TEXT } from '../menu/service.js';
import { NEWS_ONE_MESSAGE } from '../messages/service.js';

/**
 * Follower conversations against the simulator over real HTTP: the simulator pushes to the
 * listening server's callback (safe mode for the demo account, plain for a second one) and
 * records the passive replies and customer-service messages.
 */
const { url: simUrl, call: sim } = await startSimulator();
const { app } = await createTestApp({ WECHAT_API_BASE: simUrl });
const SAFE = demoAccount.appId;
const PLAIN = 'wxplainconv00001';
const PLAIN_TOKEN = 'plainconvtoken';
let auth: AuthHeader;
let live: StompSession;

interface Msg { id: string; wxUserId: string; type: string; repType: string; repEvent: string | null; repContent: string | null; readFlag: string; createTime: string; sendStatus: string | null; sendError: string | null; mediaUrl: string | null; repMediaId: string | null; nickName: string | null; content: unknown }
interface PushResult { delivery: { outcome: string; mode: string; reply: Record<string, unknown> | null; replyXml: string | null }; follower: { openid: string } }

const get = (url: string) => app.inject({ url, headers: auth });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });
const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

let n = 0;
/** A new follower on the simulator; the subscribe push goes to our callback. */
const follow = async (appId: string, nickname = `粉丝${++n}`) => sim<PushResult>('POST', `/sim/accounts/${appId}/followers`, { nickname });
const say = (appId: string, openid: string, content: string) => sim<PushResult>('POST', `/sim/accounts/${appId}/followers/${openid}/messages`, { msgType: 'text', content });
const replyText = (result: PushResult) => (result.delivery.reply as { content?: string } | null)?.content;
const wxUserIdOf = async (appId: string, openid: string) =>
  String((await app.database.exclusive((exec) => exec('select id from wx_user where app_id = $1 and open_id = $2', [appId, openid])))[0]!.id);
const rule = (body: Record<string, unknown>) => send('POST', '/weixin/wxautoreply', body);

beforeAll(async () => {
  auth = await signIn(app, 'admin');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await sim('PATCH', `/sim/accounts/${SAFE}`, { callbackUrl: `http://127.0.0.1:${port}/weixin/portal/${SAFE}` });
  await sim('POST', '/sim/accounts', { appId: PLAIN, secret: 'plain-secret-0001', token: PLAIN_TOKEN, originalId: 'gh_plainconv', name: '明文公众号', mode: 'plain', callbackUrl: `http://127.0.0.1:${port}/weixin/portal/${PLAIN}` });
  await createAccount(app, auth, { appId: PLAIN, token: PLAIN_TOKEN, secret: 'plain-secret-0001', weixinSign: 'gh_plainconv', name: '明文公众号', msgMode: 'plain' });
  live = await stompConnect(liveUrl(app), auth.authorization.slice('Bearer '.length));
  await live.subscribe('/weixin/wx_msg');
});
afterAll(async () => {
  await live.close();
});

describe('incoming messages', () => {
  it('stores a follower text as type 1 unread and publishes it live to the bell and the conversation', async () => {
    const fan = await follow(SAFE, '小明');
    const openid = fan.follower.openid;
    const wxUserId = await wxUserIdOf(SAFE, openid);
    const conversation = await stompConnect(liveUrl(app), auth.authorization.slice('Bearer '.length));
    await conversation.subscribe(`/weixin/wx_msg${wxUserId}`);
    await say(SAFE, openid, '你们几点开门？');
    const frame = JSON.parse((await conversation.nextMessage()).body) as Msg;
    expect(frame).toMatchObject({ wxUserId, type: '1', repType: 'text', repContent: '你们几点开门？', readFlag: '0' });
    await conversation.close();
    // The bell hears it too (events such as the subscribe are not sent to the bell); earlier tests' frames come first.
    let bell: Msg;
    do bell = JSON.parse((await live.nextMessage()).body) as Msg;
    while (bell.repContent !== '你们几点开门？');
    expect(bell.id).toBe(frame.id);
    const [row] = await app.database.exclusive((exec) => exec('select type, read_flag, rep_type, rep_content from wx_msg where id = $1', [frame.id]));
    expect(row).toEqual({ type: '1', read_flag: '0', rep_type: 'text', rep_content: '你们几点开门？' });
  });

  it('keeps menu clicks, views, scans and locations with their data, and copies a follower image for later', async () => {
    const fan = await follow(SAFE);
    const openid = fan.follower.openid;
    const events = `/sim/accounts/${SAFE}/followers/${openid}/events`;
    await sim('POST', events, { event: 'VIEW', eventKey: 'https://example.com/member' });
    await sim('POST', events, { event: 'scancode_push', eventKey: 'SCAN_1', scanResult: 'TABLE-12' });
    await sim('POST', events, { event: 'location_select', eventKey: 'LOC', latitude: 23.1, longitude: 113.2, label: '北京路' });
    await sim('POST', `/sim/accounts/${SAFE}/followers/${openid}/messages`, { msgType: 'image' });
    const wxUserId = await wxUserIdOf(SAFE, openid);
    const rows = await app.database.exclusive((exec) => exec(`select rep_type, rep_event, rep_url, rep_content, rep_location_x, event_key from wx_msg where wx_user_id = $1 order by id`, [wxUserId]));
    expect(rows).toEqual(expect.arrayContaining([
      expect.objectContaining({ rep_event: 'VIEW', rep_url: 'https://example.com/member' }),
      expect.objectContaining({ rep_event: 'scancode_push', rep_content: 'TABLE-12', event_key: 'SCAN_1' }),
      expect.objectContaining({ rep_event: 'location_select', rep_content: '北京路', rep_location_x: 23.1 }),
    ]));
    const images = async () => data<{ records: Msg[] }>(await get(`/weixin/wxmsg/page?appId=${SAFE}&wxUserId=${wxUserId}&repType=image`)).records;
    await expect.poll(async () => (await images())[0]?.mediaUrl, { message: 'the copy of the image' }).toBeTruthy();
    const [image] = await images();
    expect((await app.inject({ url: image!.mediaUrl! })).statusCode).toBe(200);
    const file = await get(`/weixin/wxmsg/media?appId=${SAFE}&mediaId=${image!.repMediaId!}&fileName=a.png`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);
    expect(file.headers['content-disposition']).toContain('a.png');
  });
});

describe('automatic replies', () => {
  it('answers subscribe, exact and partial keywords and the default per type, in safe mode, stored as type 2 and published', async () => {
    expect(data<{ id: string }>(await rule({ appId: SAFE, type: '1', repType: 'text', repContent: '欢迎关注食堂！' })).id).toBeTruthy();
    await rule({ appId: SAFE, type: '3', reqKey: '菜单', repMate: '1', repType: 'text', repContent: '今日菜单：红烧肉、清炒时蔬' });
    await rule({ appId: SAFE, type: '3', reqKey: '营业', repMate: '2', repType: 'text', repContent: '营业时间 10:00-22:00' });
    await rule({ appId: SAFE, type: '2', reqType: 'text', repType: 'text', repContent: '您好，消息已收到' });
    const fan = await follow(SAFE);
    expect(fan.delivery.mode).toBe('safe');
    expect(replyText(fan)).toBe('欢迎关注食堂！');
    const openid = fan.follower.openid;
    const wxUserId = await wxUserIdOf(SAFE, openid);
    const conversation = await stompConnect(liveUrl(app), auth.authorization.slice('Bearer '.length));
    await conversation.subscribe(`/weixin/wx_msg${wxUserId}`);
    expect(replyText(await say(SAFE, openid, '菜单'))).toBe('今日菜单：红烧肉、清炒时蔬');
    expect(replyText(await say(SAFE, openid, '菜单在哪'))).toBe('您好，消息已收到'); // exact means exact
    expect(replyText(await say(SAFE, openid, '请问你们营业到几点'))).toBe('营业时间 10:00-22:00');
    expect(replyText(await say(SAFE, openid, 'hello'))).toBe('您好，消息已收到');
    const frames: Msg[] = [];
    for (let i = 0; i < 8; i++) frames.push(JSON.parse((await conversation.nextMessage()).body) as Msg);
    await conversation.close();
    expect(frames.map((f) => f.type)).toEqual(['1', '2', '1', '2', '1', '2', '1', '2']);
    expect(frames[1]).toMatchObject({ repType: 'text', repContent: '今日菜单：红烧肉、清炒时蔬', readFlag: '1', sendStatus: 'sent' });
    const history = data<{ records: Msg[] }>(await get(`/weixin/wxmsg/page?appId=${SAFE}&wxUserId=${wxUserId}&current=1&size=14&descs=create_time`));
    const replies = history.records.filter((m) => m.type === '2').map((m) => m.repContent);
    expect(replies).toEqual(['您好，消息已收到', '营业时间 10:00-22:00', '您好，消息已收到', '今日菜单：红烧肉、清炒时蔬', '欢迎关注食堂！']);
    expect(history.records[0]!.type).toBe('2'); // the reply sorts after the message it answers
  });

  it('answers a keyword in plain mode with the passive XML', async () => {
    // Our own picture (a path): the platform gets it absolute, from where its push reached us.
    const deal = { title: '本周优惠', digest: '满50减10', thumbUrl: '/api/files/deal.png', url: 'https://example.com/deal' };
    expect((await rule({ appId: PLAIN, type: '3', reqKey: '优惠', repMate: '2', repType: 'news', content: { articles: [deal] } })).statusCode).toBe(200);
    const fan = await follow(PLAIN);
    const answer = await say(PLAIN, fan.follower.openid, '有什么优惠吗');
    expect(answer.delivery.mode).toBe('plain');
    expect(answer.delivery.outcome).toBe('replied');
    expect(answer.delivery.replyXml).toContain('<ArticleCount>1</ArticleCount>');
    expect(answer.delivery.replyXml).toContain('本周优惠');
    expect(answer.delivery.replyXml).toMatch(/<PicUrl><!\[CDATA\[http:\/\/127\.0\.0\.1:\d+\/api\/files\/deal\.png\]\]><\/PicUrl>/);
  });

  it('refuses duplicates and incomplete rules with clear messages; lists and edits rules', async () => {
    const keyword = await rule({ appId: SAFE, type: '3', reqKey: '菜单', repMate: '2', repType: 'text', repContent: 'x' });
    expect(keyword.statusCode).toBe(409);
    expect(keyword.json().msg).toBe('关键词重复');
    const reqType = await rule({ appId: SAFE, type: '2', reqType: 'text', repType: 'text', repContent: 'x' });
    expect(reqType.statusCode).toBe(409);
    expect(reqType.json().msg).toBe('请求消息类型重复');
    expect((await rule({ appId: SAFE, type: '1', repType: 'text', repContent: '再次欢迎' })).statusCode).toBe(409);
    const empty = await rule({ appId: SAFE, type: '2', reqType: 'image', repType: 'text', repContent: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('请输入回复的文本内容');
    const page = data<{ records: Array<{ id: string; reqKey: string; repMate: string }>; total: number }>(await get(`/weixin/wxautoreply/page?appId=${SAFE}&type=3&current=1&size=10`));
    expect(page.total).toBe(2);
    const exact = page.records.find((r) => r.reqKey === '菜单')!;
    const edited = await send('PUT', '/weixin/wxautoreply', { id: exact.id, appId: SAFE, type: '3', reqKey: '菜单', repMate: '1', repType: 'text', repContent: '今日菜单：红烧肉、清炒时蔬' });
    expect(edited.statusCode).toBe(200);
    const clash = await send('PUT', '/weixin/wxautoreply', { id: exact.id, appId: SAFE, type: '3', reqKey: '营业', repMate: '1', repType: 'text', repContent: 'x' });
    expect(clash.json().msg).toBe('关键词重复');
    expect(data<{ repContent: string }>(await get(`/weixin/wxautoreply/${exact.id}`)).repContent).toBe('今日菜单：红烧肉、清炒时蔬');
  });
});

describe('custom menu', () => {
  const menu = (button: unknown[]) => send('POST', '/weixin/wxmenu', { appId: SAFE, button });
  const click = { type: 'click', name: '今日菜单', repType: 'text', repContent: '今天有红烧肉' };

  it('opens on the menu followers see on the platform when none is saved here, keeping its keys', async () => {
    type Listed = { button: Array<{ name: string; type: string | null; key: string; url: string | null; repType: string | null; sub_button: Array<{ name: string; type: string; key: string; url: string | null }> }> };
    const [first, second] = await Promise.all([get(`/weixin/wxmenu/list?appId=${SAFE}`), get(`/weixin/wxmenu/list?appId=${SAFE}`)]);
    const listed = data<Listed>(first);
    expect(listed.button.map((b) => [b.name, b.type, b.sub_button.map((s) => s.name)])).toEqual([
      ['今日菜单', 'click', []], ['会员服务', null, ['会员中心', '扫码点餐', '联系我们']], ['附近门店', 'location_select', []],
    ]);
    expect(listed.button[0]).toMatchObject({ key: 'MENU_TODAY', repType: null });
    expect(listed.button[1]!.sub_button[0]).toMatchObject({ type: 'view', url: 'https://example.com/member' });
    // Two editors opened at once imported it once.
    expect(data<Listed>(second).button).toHaveLength(3);
    expect(data<Listed>(await get(`/weixin/wxmenu/list?appId=${SAFE}`)).button).toHaveLength(3);
    // An account without a menu on the platform opens empty.
    expect(data<Listed>(await get(`/weixin/wxmenu/list?appId=${PLAIN}`)).button).toEqual([]);
  });

  it('validates counts, names, types, URLs and click replies', async () => {
    const cases: Array<[unknown[], string]> = [
      [[click, click, click, click], '一级菜单最多3个'],
      [[{ name: '会员', sub_button: Array.from({ length: 6 }, () => click) }], '一级菜单1：二级菜单最多5个'],
      [[{ ...click, name: '今日特价菜单' }], '一级菜单1：菜单名称不能超过4个汉字或8个字母'],
      [[{ name: '会员', sub_button: [{ ...click, name: '会员中心积分商城查' }] }], '二级菜单1-1：菜单名称不能超过7个汉字或14个字母'],
      [[{ type: 'view', name: '官网', url: 'ftp://example.com' }], `一级菜单1：${urlMessage}`],
      [[{ type: 'click', name: '点我' }], '一级菜单1：请设置点击菜单的回复内容'],
      [[{ type: 'click', name: '优惠', repType: 'news', content: { articles: [{ title: '甲' }, { title: '乙' }] } }], '一级菜单1：图文消息条数限制在1条以内'],
      [[{ type: 'media_id', name: '素材' }], '一级菜单1：请选择菜单类型（click、view、miniprogram、scancode_push、scancode_waitmsg、pic_sysphoto、pic_photo_or_album、pic_weixin、location_select）'],
      [[{ type: 'miniprogram', name: '小程序', url: 'https://example.com' }], '一级菜单1：请输入小程序的 appid'],
    ];
    for (const [button, message] of cases) {
      const res = await menu(button);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().msg).toBe(message);
    }
  });

  it('saves and publishes without the reply fields, answers a click with its reply, and a removed button with the deleted text', async () => {
    const saved = await menu([
      click,
      { name: '会员服务', sub_button: [{ type: 'view', name: '会员中心', url: 'https://example.com/member' }, { type: 'scancode_waitmsg', name: '扫码点餐', repType: 'text', repContent: '已收到扫码' }] },
      { type: 'location_select', name: '附近门店' },
    ]);
    expect(saved.statusCode).toBe(200);
    const list = data<{ button: Array<{ key: string; name: string; repContent: string | null; sub_button: Array<{ key: string; type: string }> }> }>(await get(`/weixin/wxmenu/list?appId=${SAFE}`));
    expect(list.button.map((b) => b.name)).toEqual(['今日菜单', '会员服务', '附近门店']);
    expect(list.button[0]!.repContent).toBe('今天有红烧肉');
    const published = await sim<{ menu: { button: Array<Record<string, unknown>> } }>('GET', `/sim/accounts/${SAFE}/menu`);
    expect(JSON.stringify(published.menu.button)).not.toContain('rep');
    expect(published.menu.button[0]).toMatchObject({ type: 'click', name: '今日菜单', key: list.button[0]!.key });

    const fan = await follow(SAFE);
    const openid = fan.follower.openid;
    const tap = (body: unknown) => sim<PushResult>('POST', `/sim/accounts/${SAFE}/followers/${openid}/menu`, body);
    expect(replyText(await tap({ name: '今日菜单' }))).toBe('今天有红烧肉');
    expect(replyText(await tap({ name: '扫码点餐', scanResult: 'TABLE-08' }))).toBe('已收到扫码');

    // Saved again as it was read (keys kept): the same key still answers.
    const again = await menu(list.button.map((b) => ({ ...b, repContent: b.repContent === '今天有红烧肉' ? '今天有糖醋排骨' : b.repContent })));
    expect(again.statusCode).toBe(200);
    // Two taps of one button in the same second are one push retried (de-duplication): a second later.
    await sim('POST', '/sim/clock/advance', { seconds: 2 });
    expect(replyText(await tap({ name: '今日菜单' }))).toBe('今天有糖醋排骨');
    // Without the button: a client still showing the old menu taps its key.
    const oldKey = list.button[0]!.key;
    expect((await menu([{ type: 'location_select', name: '附近门店' }])).statusCode).toBe(200);
    await sim('POST', '/sim/clock/advance', { seconds: 2 });
    try {
      const stale = await sim<PushResult>('POST', `/sim/accounts/${SAFE}/followers/${openid}/events`, { event: 'CLICK', eventKey: oldKey });
      expect(replyText(stale)).toBe(MENU_DELETED_TEXT);
    } finally {
      await sim('POST', '/sim/clock/reset');
    }

    expect((await send('DELETE', `/weixin/wxmenu?appId=${SAFE}`)).statusCode).toBe(200);
    expect(data<{ button: unknown[] }>(await get(`/weixin/wxmenu/list?appId=${SAFE}`)).button).toEqual([]);
    expect((await sim<{ menu: unknown }>('GET', `/sim/accounts/${SAFE}/menu`)).menu).toBeNull();
  });
});

describe('history, read state and the bell', () => {
  it('pages a conversation 14 at a time, newest first; reading it leaves the read flags, marking the conversation read sets them', async () => {
    const fan = await follow(PLAIN, '历史');
    for (let i = 1; i <= 20; i++) await say(PLAIN, fan.follower.openid, `第${i}条`);
    const wxUserId = await wxUserIdOf(PLAIN, fan.follower.openid);
    const unread = async () => Number((await app.database.exclusive((exec) => exec(`select count(*)::int as n from wx_msg where wx_user_id = $1 and read_flag = '0'`, [wxUserId])))[0]!.n);
    const bellRow = async () => (await app.database.exclusive((exec) => exec('select count_msg from wx_unread where wx_user_id = $1', [wxUserId])))[0];
    expect(await unread()).toBe(21); // 20 texts and the subscribe event
    expect(await bellRow()).toEqual({ count_msg: 20 }); // events are not bell mail
    const page = (current: number) => get(`/weixin/wxmsg/page?appId=${PLAIN}&wxUserId=${wxUserId}&current=${current}&size=${HISTORY_PAGE_SIZE}&descs=create_time`);
    const first = data<{ records: Msg[]; total: number }>(await page(1));
    expect(first.total).toBe(21);
    expect(first.records).toHaveLength(14);
    expect(first.records[0]!.repContent).toBe('第20条');
    expect(first.records[13]!.repContent).toBe('第7条');
    const second = data<{ records: Msg[] }>(await page(2));
    expect(second.records.map((m) => m.repContent ?? m.repEvent)).toEqual(['第6条', '第5条', '第4条', '第3条', '第2条', '第1条', 'subscribe']);
    // A GET reads only: the flags, the records' readFlag and the bell are as they were.
    expect(await unread()).toBe(21);
    expect(first.records.filter((m) => m.type === '1').every((m) => m.readFlag === '0')).toBe(true);
    expect(await bellRow()).toEqual({ count_msg: 20 });
    // Opening the conversation (the web calls this after page 1) reads it all, events too; the bell row goes.
    const read = await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ code: 0, msg: null, data: 21 });
    expect(await unread()).toBe(0);
    expect(await bellRow()).toBeUndefined();
    expect(data<{ records: Msg[] }>(await page(1)).records.every((m) => m.readFlag === '1')).toBe(true);
    expect(data<number>(await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId }))).toBe(0);
    // Another account's id for this follower marks nothing; a bad body is refused with the field named.
    await send('PUT', '/weixin/wxmsg', { id: first.records[1]!.id, readFlag: '0' });
    expect(data<number>(await send('PUT', '/weixin/wxmsg/read', { appId: SAFE, wxUserId }))).toBe(0);
    expect(await unread()).toBe(1);
    const bad = await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('必须是数字 id');
    expect(data<number>(await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId }))).toBe(1);
    // Mark one unread again, then read.
    const marked = await send('PUT', '/weixin/wxmsg', { id: first.records[0]!.id, readFlag: '0' });
    expect(data<Msg>(marked).readFlag).toBe('0');
    expect(await unread()).toBe(1);
    expect(await bellRow()).toEqual({ count_msg: 1 });
    expect(data<Msg>(await send('PUT', '/weixin/wxmsg', { id: first.records[0]!.id, readFlag: '1' })).readFlag).toBe('1');
    expect(await bellRow()).toBeUndefined();
    expect((await get('/weixin/wxmsg/page?descs=nick')).statusCode).toBe(400);
  });

  it('answers the bell one row per follower: latest unread message and its count, events excluded, newest first', async () => {
    const a = await follow(PLAIN, '甲');
    const b = await follow(PLAIN, '乙');
    for (const text of ['一', '二', '三']) await say(PLAIN, a.follower.openid, text);
    for (const text of ['四', '五']) await say(PLAIN, b.follower.openid, text);
    const bell = data<{ records: Array<Msg & { countMsg: number; appName: string; appId: string; nickName: string | null; headimgUrl: string | null }>; total: number }>(
      await get(`/weixin/wxmsg/page?current=1&size=10&descs=create_time&notInRepType=event&type=1&readFlag=0&appId=${PLAIN}`),
    );
    const mine = bell.records.filter((r) => ['五', '三'].includes(r.repContent ?? ''));
    expect(mine.map((r) => [r.repContent, r.countMsg])).toEqual([['五', 2], ['三', 3]]);
    expect(mine[0]).toMatchObject({ appId: PLAIN, appName: '明文公众号', type: '1', readFlag: '0' });
    expect(mine[0]).toHaveProperty('headimgUrl');
    expect(bell.records.every((r) => r.repType !== 'event')).toBe(true);
    expect(bell.total).toBe(bell.records.length);
    // Opening b's conversation removes b from the bell.
    await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId: mine[0]!.wxUserId });
    const after = data<{ records: Msg[] }>(await get(`/weixin/wxmsg/page?current=1&size=10&notInRepType=event&type=1&readFlag=0&appId=${PLAIN}`));
    expect(after.records.map((r) => r.repContent)).not.toContain('五');
    const summary = data<{ unreadMessages: number; unreadFollowers: number; todayFollowers: number }>(await get(`/weixin/wxmsg/summary?appId=${PLAIN}`));
    expect(summary.unreadMessages).toBeGreaterThanOrEqual(3);
    expect(summary.unreadFollowers).toBe(after.records.length);
    expect(summary.todayFollowers).toBeGreaterThanOrEqual(2);
  });
  it('keeps the bell summary equal to a full recount through batched inserts, reads and more inserts', async () => {
    const fans = await Promise.all(['丙', '丁', '戊'].map((name) => follow(PLAIN, name)));
    // Concurrent messages are stored in batches (several followers in one statement).
    await Promise.all(fans.flatMap((fan, i) => Array.from({ length: 4 + i }, (_, k) => say(PLAIN, fan.follower.openid, `批量${i}-${k}`))));
    const first = await wxUserIdOf(PLAIN, fans[0]!.follower.openid);
    await send('PUT', '/weixin/wxmsg/read', { appId: PLAIN, wxUserId: first });
    await Promise.all(fans.map((fan) => say(PLAIN, fan.follower.openid, '再来一条')));
    const recount = `select m.wx_user_id::text as id, count(*)::int as n,
        (array_agg(m.id order by m.create_time desc, m.id desc))[1]::text as last
      from wx_msg m where m.app_id = $1 and m.type = '1' and m.read_flag = '0' and m.rep_type <> 'event' group by m.wx_user_id order by 1`;
    const kept = `select s.wx_user_id::text as id, s.count_msg as n, s.last_msg_id::text as last from wx_unread s where s.app_id = $1 order by 1`;
    const read = (q: string) => app.database.exclusive((exec) => exec(q, [PLAIN]));
    const actual = await read(kept);
    expect(actual).toEqual(await read(recount));
    expect(actual.find((row) => row.id === first)).toMatchObject({ n: 1 });
  });
});

describe('sending', () => {
  it('sends within the window: the simulator receives it and data.data is the stored message', async () => {
    const fan = await follow(PLAIN, '发送');
    await say(PLAIN, fan.follower.openid, '在吗');
    const wxUserId = await wxUserIdOf(PLAIN, fan.follower.openid);
    const res = await send('POST', '/weixin/wxmsg', { appId: PLAIN, wxUserId, repType: 'text', repContent: '在的，请讲' });
    expect(res.statusCode).toBe(200);
    const sent = res.json<{ data: { data: Msg } }>().data.data;
    expect(sent).toMatchObject({ type: '2', repType: 'text', repContent: '在的，请讲', sendStatus: 'sent', wxUserId });
    const received = await sim<Array<{ msgtype: string; body: { text?: { content: string } } }>>('GET', `/sim/accounts/${PLAIN}/sent?openid=${fan.follower.openid}`);
    expect(received.at(-1)).toMatchObject({ msgtype: 'text', body: { text: { content: '在的，请讲' } } });
    const news = await send('POST', '/weixin/wxmsg', { appId: PLAIN, wxUserId, repType: 'news', content: { articles: [{ title: '甲', url: 'https://example.com/1' }, { title: '乙' }] } });
    expect(news.json()).toMatchObject({ code: 0, msg: NEWS_ONE_MESSAGE });
    const last = (await sim<Array<{ body: { news?: { articles: unknown[] } } }>>('GET', `/sim/accounts/${PLAIN}/sent?openid=${fan.follower.openid}`)).at(-1)!;
    expect(last.body.news?.articles).toHaveLength(1);
    const invalid = await send('POST', '/weixin/wxmsg', { appId: PLAIN, wxUserId, repType: 'image' });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses outside the 48-hour window before calling the platform', async () => {
    // The follower followed and wrote 49 hours ago (on the platform's clock), nothing since.
    await sim('POST', '/sim/clock/set', { now: Date.now() - 49 * 3600_000 });
    let fan: PushResult;
    try {
      fan = await follow(PLAIN, '久未联系');
      await say(PLAIN, fan.follower.openid, '两天前的消息');
    } finally {
      await sim('POST', '/sim/clock/reset');
    }
    const wxUserId = await wxUserIdOf(PLAIN, fan.follower.openid);
    const before = (await sim<unknown[]>('GET', `/sim/accounts/${PLAIN}/sent?openid=${fan.follower.openid}`)).length;
    const res = await send('POST', '/weixin/wxmsg', { appId: PLAIN, wxUserId, repType: 'text', repContent: '你好' });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toMatch(/^已超过48小时回复时限/);
    expect((await sim<unknown[]>('GET', `/sim/accounts/${PLAIN}/sent?openid=${fan.follower.openid}`)).length).toBe(before);
  });

  it('keeps a message the platform refused, marked failed, and answers the platform message', async () => {
    const fan = await follow(PLAIN, '失败');
    await say(PLAIN, fan.follower.openid, '你好');
    const wxUserId = await wxUserIdOf(PLAIN, fan.follower.openid);
    await sim('POST', '/sim/clock/advance', { hours: 49 }); // the platform's window closed; ours has not seen it
    try {
      const res = await send('POST', '/weixin/wxmsg', { appId: PLAIN, wxUserId, repType: 'text', repContent: '抱歉久等了' });
      expect(res.statusCode).toBe(409);
      const body = res.json<{ code: number; msg: string; data: { data: Msg } }>();
      expect(body.code).toBe(1);
      expect(body.msg).toContain('45015');
      expect(body.data.data).toMatchObject({ type: '2', repContent: '抱歉久等了', sendStatus: 'failed' });
      expect(body.data.data.sendError).toContain('45015');
    } finally {
      await sim('POST', '/sim/clock/reset');
    }
    const history = data<{ records: Msg[] }>(await get(`/weixin/wxmsg/page?appId=${PLAIN}&wxUserId=${wxUserId}`));
    expect(history.records[0]).toMatchObject({ repContent: '抱歉久等了', sendStatus: 'failed' });
  });
});

describe('news replies carry one article', () => {
  it('refuses a subscribe or keyword reply of several articles (the platform sends one), saving nothing', async () => {
    const articles = [{ title: '欢迎光临', url: 'https://example.com/welcome' }, { title: '第二篇欢迎' }];
    const rules = async () => (await Promise.all(['1', '3'].map(async (type) => data<{ total: number }>(await get(`/weixin/wxautoreply/page?appId=${PLAIN}&type=${type}&current=1&size=50`)).total))).join();
    const before = await rules();
    for (const body of [{ appId: PLAIN, type: '1', repType: 'news', content: { articles } }, { appId: PLAIN, type: '3', reqKey: '欢迎', repMate: '1', repType: 'news', content: { articles } }]) {
      const refused = await rule(body);
      expect([refused.statusCode, refused.json().msg]).toEqual([400, '图文消息条数限制在1条以内']);
    }
    expect(await rules()).toBe(before);
  });
});
