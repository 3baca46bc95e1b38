import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFollowers } from './seed.js';
import { demoAccount, startSim, type Sim } from '../test/helpers.js';

describe('followers and tags', () => {
  let sim: Sim;
  let token: string;
  const q = () => `access_token=${token}`;
  const subscribed = demoFollowers.filter((follower) => !('unsubscribed' in follower));
  const gone = demoFollowers.find((follower) => 'unsubscribed' in follower)!;
  beforeAll(async () => {
    sim = await startSim();
    token = await sim.token();
  });
  afterAll(async () => sim.close());

  it('lists the subscribed followers with next_openid paging', async () => {
    const page = await sim.get(`/cgi-bin/user/get?${q()}`);
    expect(page.total).toBe(subscribed.length);
    expect(page.count).toBe(subscribed.length);
    expect(new Set(page.data.openid)).toEqual(new Set(subscribed.map((follower) => follower.openid)));
    expect(page.next_openid).toBe((page.data.openid as string[]).at(-1));
    const end = await sim.get(`/cgi-bin/user/get?${q()}&next_openid=${page.next_openid}`);
    expect(end).toEqual({ total: subscribed.length, count: 0, next_openid: '' });
    expect((await sim.get(`/cgi-bin/user/get?${q()}&next_openid=nobody`)).errcode).toBe(40003);
  });

  it('answers user info (with the legacy profile fields) and subscribe 0 for a gone follower', async () => {
    const first = demoFollowers[0];
    const info = await sim.get(`/cgi-bin/user/info?${q()}&openid=${first.openid}&lang=zh_CN`);
    expect(info).toMatchObject({
      subscribe: 1,
      openid: first.openid,
      nickname: first.nickname,
      language: 'zh_CN',
      subscribe_scene: first.scene,
      qr_scene_str: first.qrSceneStr,
      tagid_list: [100],
      remark: '',
      groupid: 0,
    });
    expect(info.headimgurl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sim\/files\//);
    const avatar = await sim.fetch(new URL(info.headimgurl as string).pathname);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(await sim.get(`/cgi-bin/user/info?${q()}&openid=${gone.openid}`)).toEqual({ subscribe: 0, openid: gone.openid, tagid_list: [] });
    expect((await sim.get(`/cgi-bin/user/info?${q()}&openid=nobody`)).errcode).toBe(40003);
    expect((await sim.get(`/cgi-bin/user/info?${q()}`)).errcode).toBe(40003);
  });

  it('drops nickname and avatar like today’s platform when legacyProfile is off', async () => {
    await sim.fetch(`/sim/accounts/${demoAccount.appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ legacyProfile: false }) });
    const info = await sim.get(`/cgi-bin/user/info?${q()}&openid=${demoFollowers[0].openid}`);
    expect(info.nickname).toBeUndefined();
    expect(info.headimgurl).toBeUndefined();
    await sim.fetch(`/sim/accounts/${demoAccount.appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ legacyProfile: true }) });
  });

  it('answers batch info for up to 100 followers', async () => {
    const list = subscribed.slice(0, 3).map((follower) => ({ openid: follower.openid, lang: 'zh_CN' }));
    const batch = await sim.post(`/cgi-bin/user/info/batchget?${q()}`, { user_list: list });
    expect((batch.user_info_list as { openid: string }[]).map((user) => user.openid)).toEqual(list.map((item) => item.openid));
    expect((await sim.post(`/cgi-bin/user/info/batchget?${q()}`, { user_list: [] })).errcode).toBe(40032);
    const tooMany = Array.from({ length: 101 }, () => list[0]);
    expect((await sim.post(`/cgi-bin/user/info/batchget?${q()}`, { user_list: tooMany })).errcode).toBe(40032);
    expect((await sim.post(`/cgi-bin/user/info/batchget?${q()}`, { user_list: [{ openid: 'nobody' }] })).errcode).toBe(40003);
  });

  it('updates a remark', async () => {
    const openid = demoFollowers[1].openid;
    expect(await sim.post(`/cgi-bin/user/info/updateremark?${q()}`, { openid, remark: '爱吃辣' })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.get(`/cgi-bin/user/info?${q()}&openid=${openid}`)).remark).toBe('爱吃辣');
    expect((await sim.post(`/cgi-bin/user/info/updateremark?${q()}`, { openid: 'nobody', remark: 'x' })).errcode).toBe(40003);
    expect((await sim.post(`/cgi-bin/user/info/updateremark?${q()}`, { openid, remark: 'x'.repeat(31) })).errcode).toBe(40097);
  });

  it('creates, lists, renames and deletes tags with the platform codes', async () => {
    const tags = await sim.get(`/cgi-bin/tags/get?${q()}`);
    expect(tags.tags).toEqual([
      { id: 2, name: '星标组', count: 0 },
      { id: 100, name: '老顾客', count: 3 },
      { id: 101, name: '外卖常客', count: 2 },
    ]);
    const created = await sim.post(`/cgi-bin/tags/create?${q()}`, { tag: { name: '素食' } });
    expect(created.tag).toEqual({ id: 102, name: '素食' });
    expect((await sim.post(`/cgi-bin/tags/create?${q()}`, { tag: { name: '素食' } })).errcode).toBe(45157);
    expect((await sim.post(`/cgi-bin/tags/create?${q()}`, { tag: { name: '' } })).errcode).toBe(45157);
    expect((await sim.post(`/cgi-bin/tags/create?${q()}`, { tag: { name: '长'.repeat(11) } })).errcode).toBe(45158);
    expect(await sim.post(`/cgi-bin/tags/update?${q()}`, { tag: { id: 102, name: '素食者' } })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/tags/update?${q()}`, { tag: { id: 2, name: 'x' } })).errcode).toBe(45058);
    expect((await sim.post(`/cgi-bin/tags/update?${q()}`, { tag: { id: 999, name: 'x' } })).errcode).toBe(45159);
    expect((await sim.post(`/cgi-bin/tags/update?${q()}`, { tag: { id: 102, name: '老顾客' } })).errcode).toBe(45157);
    expect((await sim.post(`/cgi-bin/tags/delete?${q()}`, { tag: { id: 1 } })).errcode).toBe(45058);
    expect((await sim.post(`/cgi-bin/tags/delete?${q()}`, { tag: { id: 999 } })).errcode).toBe(45159);
    expect(await sim.post(`/cgi-bin/tags/delete?${q()}`, { tag: { id: 102 } })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.get(`/cgi-bin/tags/get?${q()}`)).tags).toHaveLength(3);
  });

  it('refuses a 101st tag with 45056', async () => {
    const other = await startSim();
    const t = await other.token();
    for (let i = 0; i < 98; i++) expect((await other.post(`/cgi-bin/tags/create?access_token=${t}`, { tag: { name: `t${i}` } })).tag).toBeDefined();
    expect((await other.post(`/cgi-bin/tags/create?access_token=${t}`, { tag: { name: 'one more' } })).errcode).toBe(45056);
    await other.close();
  });

  it('tags and untags followers and lists them by tag', async () => {
    const openids = [demoFollowers[2].openid, demoFollowers[3].openid];
    expect(await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: openids, tagid: 100 })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/tags/getidlist?${q()}`, { openid: openids[1] })).tagid_list).toEqual([101, 100]);
    const members = await sim.post(`/cgi-bin/user/tag/get?${q()}`, { tagid: 100, next_openid: '' });
    expect(members.count).toBe(5);
    expect(members.data.openid).toEqual(expect.arrayContaining(openids));
    expect(await sim.post(`/cgi-bin/tags/members/batchuntagging?${q()}`, { openid_list: openids, tagid: 100 })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/tags/getidlist?${q()}`, { openid: openids[1] })).tagid_list).toEqual([101]);
    expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: openids, tagid: 555 })).errcode).toBe(45159);
    expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: ['nobody'], tagid: 100 })).errcode).toBe(40003);
    expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: [], tagid: 100 })).errcode).toBe(40032);
    expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: Array(51).fill(openids[0]), tagid: 100 })).errcode).toBe(40032);
    expect((await sim.post(`/cgi-bin/user/tag/get?${q()}`, { tagid: 555 })).errcode).toBe(45159);
    expect((await sim.post(`/cgi-bin/tags/getidlist?${q()}`, { openid: 'nobody' })).errcode).toBe(40003);
  });

  it('refuses a 21st tag on one follower with 45059', async () => {
    const openid = demoFollowers[2].openid;
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await sim.post(`/cgi-bin/tags/create?${q()}`, { tag: { name: `批量${i}` } })).tag.id);
    for (const id of ids) expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: [openid], tagid: id })).errcode).toBe(0);
    expect((await sim.post(`/cgi-bin/tags/members/batchtagging?${q()}`, { openid_list: [openid], tagid: 100 })).errcode).toBe(45059);
  });
});
