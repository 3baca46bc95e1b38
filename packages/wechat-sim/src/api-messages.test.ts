import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDishPng } from './media.js';
import { demoFollowers } from './seed.js';
import { demoAccount, startSim, upload, type Sim } from '../test/helpers.js';

const followerPath = (openid: string) => `/sim/accounts/${demoAccount.appId}/followers/${openid}`;

describe('customer-service messages', () => {
  let sim: Sim;
  let token: string;
  const q = () => `access_token=${token}`;
  const send = (body: unknown) => sim.post(`/cgi-bin/message/custom/send?${q()}`, body);
  const openid = demoFollowers[0].openid;
  beforeAll(async () => {
    // No callback: these tests only need the follower's interactions to open the window.
    sim = await startSim();
    await sim.fetch(`/sim/accounts/${demoAccount.appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: null }) });
    token = await sim.token();
  });
  afterAll(async () => sim.close());

  it('refuses to send before the follower has written (45015)', async () => {
    expect((await send({ touser: openid, msgtype: 'text', text: { content: '你好' } })).errcode).toBe(45015);
    expect((await send({ touser: 'nobody', msgtype: 'text', text: { content: '你好' } })).errcode).toBe(40003);
  });

  it('sends every message type inside the window and records them for the follower', async () => {
    await sim.post(`${followerPath(openid)}/messages`, { msgType: 'text', content: '有包间吗？' });
    const image = await sim.json(`/cgi-bin/media/upload?${q()}&type=image`, { method: 'POST', body: upload(makeDishPng([[1, 2, 3]]), 'a.png') });
    const materials = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'news', offset: 0, count: 1 });
    const voices = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'voice', offset: 0, count: 1 });
    const bodies = [
      { touser: openid, msgtype: 'text', text: { content: '有的，请问几位？' } },
      { touser: openid, msgtype: 'image', image: { media_id: image.media_id } },
      { touser: openid, msgtype: 'voice', voice: { media_id: voices.item[0].media_id } },
      { touser: openid, msgtype: 'news', news: { articles: [{ title: '菜单', description: '本周', url: 'https://example.com', picurl: 'https://example.com/a.png' }] } },
      { touser: openid, msgtype: 'mpnews', mpnews: { media_id: materials.item[0].media_id } },
    ];
    for (const body of bodies) expect(await send(body)).toEqual({ errcode: 0, errmsg: 'ok' });
    // Five per follower message: the sixth is over the quota.
    expect((await send(bodies[0])).errcode).toBe(45047);
    const sent = await sim.get(`/sim/accounts/${demoAccount.appId}/sent?openid=${openid}`);
    expect((sent as { msgtype: string }[]).map((item) => item.msgtype)).toEqual(['text', 'image', 'voice', 'news', 'mpnews']);
    const conversation = await sim.get(`${followerPath(openid)}/conversation`);
    expect((conversation.entries as { source: string }[]).filter((entry) => entry.source === 'custom')).toHaveLength(5);
  });

  it('checks the content: 44004, 45008, 40007, 40008', async () => {
    await sim.post(`${followerPath(openid)}/messages`, { msgType: 'text', content: '再问一下' });
    expect((await send({ touser: openid, msgtype: 'text', text: { content: '' } })).errcode).toBe(44004);
    expect((await send({ touser: openid, msgtype: 'text', text: { content: '长'.repeat(700) } })).errcode).toBe(45002);
    expect((await send({ touser: openid, msgtype: 'news', news: { articles: [{ title: 'a' }, { title: 'b' }] } })).errcode).toBe(45008);
    expect((await send({ touser: openid, msgtype: 'image', image: { media_id: 'nope' } })).errcode).toBe(40007);
    expect((await send({ touser: openid, msgtype: 'sticker', sticker: {} })).errcode).toBe(40008);
    // Refused messages do not use the quota.
    for (let i = 0; i < 5; i++) expect((await send({ touser: openid, msgtype: 'text', text: { content: `第${i}条` } })).errcode).toBe(0);
  });

  it('closes the window 48 hours after the last message (45015)', async () => {
    await sim.post(`${followerPath(openid)}/messages`, { msgType: 'text', content: '谢谢' });
    await sim.post('/sim/clock/advance', { hours: 47, minutes: 59 });
    token = await sim.token();
    expect((await send({ touser: openid, msgtype: 'text', text: { content: '还在吗' } })).errcode).toBe(0);
    await sim.post('/sim/clock/advance', { minutes: 1 });
    expect((await send({ touser: openid, msgtype: 'text', text: { content: '还在吗' } })).errcode).toBe(45015);
    const follower = await sim.get(followerPath(openid));
    expect(follower.window.open).toBe(false);
  });

  it('gives a menu click three messages for one minute', async () => {
    const other = demoFollowers[1].openid;
    await sim.post(`${followerPath(other)}/menu`, { key: 'MENU_TODAY' });
    for (let i = 0; i < 3; i++) expect((await send({ touser: other, msgtype: 'text', text: { content: `${i}` } })).errcode).toBe(0);
    expect((await send({ touser: other, msgtype: 'text', text: { content: 'x' } })).errcode).toBe(45047);
    await sim.post(`${followerPath(other)}/menu`, { key: 'MENU_TODAY' });
    await sim.post('/sim/clock/advance', { minutes: 1 });
    token = await sim.token();
    expect((await send({ touser: other, msgtype: 'text', text: { content: 'x' } })).errcode).toBe(45015);
  });

  it('refuses to send to a follower who unsubscribed (45015)', async () => {
    const third = demoFollowers[2].openid;
    await sim.post(`${followerPath(third)}/messages`, { msgType: 'text', content: '再见' });
    await sim.post(`${followerPath(third)}/unsubscribe`);
    expect((await send({ touser: third, msgtype: 'text', text: { content: '别走' } })).errcode).toBe(45015);
    expect((await sim.post(`/cgi-bin/message/custom/typing?${q()}`, { touser: third, command: 'Typing' })).errcode).toBe(45015);
  });

  it('shows typing inside the window', async () => {
    const fourth = demoFollowers[3].openid;
    await sim.post(`${followerPath(fourth)}/messages`, { msgType: 'text', content: 'hi' });
    expect(await sim.post(`/cgi-bin/message/custom/typing?${q()}`, { touser: fourth, command: 'Typing' })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/message/custom/typing?${q()}`, { touser: fourth, command: 'Dance' })).errcode).toBe(40097);
  });

  it('can switch the per-trigger quota off', async () => {
    const fifth = demoFollowers[4].openid;
    await sim.fetch(`/sim/accounts/${demoAccount.appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enforceCustomQuota: false }) });
    await sim.post(`${followerPath(fifth)}/messages`, { msgType: 'text', content: 'hi' });
    for (let i = 0; i < 7; i++) expect((await send({ touser: fifth, msgtype: 'text', text: { content: `${i}` } })).errcode).toBe(0);
  });
});

describe('custom menu', () => {
  let sim: Sim;
  let token: string;
  const q = () => `access_token=${token}`;
  beforeAll(async () => {
    sim = await startSim();
    token = await sim.token();
  });
  afterAll(async () => sim.close());

  it('creates, reads and deletes a menu', async () => {
    const button = [
      { type: 'click', name: '今日推荐', key: 'TODAY' },
      { name: '更多', sub_button: [{ type: 'view', name: '官网', url: 'https://example.com' }, { type: 'scancode_waitmsg', name: '扫码', key: 'SCAN' }] },
      { type: 'miniprogram', name: '小程序', url: 'https://example.com', appid: 'wx123', pagepath: 'pages/index' },
    ];
    expect(await sim.post(`/cgi-bin/menu/create?${q()}`, { button })).toEqual({ errcode: 0, errmsg: 'ok' });
    const got = await sim.get(`/cgi-bin/menu/get?${q()}`);
    expect(got.menu.button[0]).toEqual({ type: 'click', name: '今日推荐', key: 'TODAY', sub_button: [] });
    expect(got.menu.button[1].sub_button[0]).toEqual({ type: 'view', name: '官网', url: 'https://example.com', sub_button: [] });
    expect(got.menu.menuid).toEqual(expect.any(String));
    expect(await sim.get(`/cgi-bin/menu/delete?${q()}`)).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.get(`/cgi-bin/menu/get?${q()}`)).errcode).toBe(46003);
  });

  it('validates buttons with the platform codes', async () => {
    const create = async (button: unknown) => (await sim.post(`/cgi-bin/menu/create?${q()}`, { button })).errcode as number;
    const click = { type: 'click', name: 'a', key: 'A' };
    expect(await create([])).toBe(40016);
    expect(await create([click, click, click, click])).toBe(40016);
    expect(await create([{ type: 'dance', name: 'a', key: 'A' }])).toBe(40017);
    expect(await create([{ type: 'click', name: '一二三四五六', key: 'A' }])).toBe(40018);
    expect(await create([{ type: 'click', name: 'a' }])).toBe(40019);
    expect(await create([{ type: 'view', name: 'a', url: 'ftp://x' }])).toBe(40020);
    expect(await create([{ name: 'm', sub_button: [click, click, click, click, click, click] }])).toBe(40023);
    expect(await create([{ name: 'm', sub_button: [{ type: 'dance', name: 'a' }] }])).toBe(40024);
    expect(await create([{ name: 'm', sub_button: [{ type: 'click', name: 'x'.repeat(61), key: 'A' }] }])).toBe(40025);
    expect(await create([{ name: 'm', sub_button: [{ type: 'click', name: 'a', key: 'k'.repeat(129) }] }])).toBe(40026);
    expect(await create([{ name: 'm', sub_button: [{ type: 'view', name: 'a', url: '' }] }])).toBe(40027);
    expect(await create([{ type: 'media_id', name: 'a', media_id: 'nope' }])).toBe(40007);
    expect(await create([click])).toBe(0);
  });
});
