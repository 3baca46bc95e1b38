import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { createTestUser, signIn, type AuthHeader } from '../../../../test/auth.js';
import { DEMO_ACCOUNT } from '../seed.js';

const { app } = await createTestApp();
const appId = DEMO_ACCOUNT.appId;
let auth: AuthHeader;
const exec = async (sql: string, params: unknown[] = []) => app.database.exclusive((run) => run(sql, params));

/** A follower with `unread` text messages (minute 1, 2, …) and one read reply of the account. */
async function follower(openId: string, unread: number): Promise<{ wxUserId: string; ids: string[] }> {
  const [user] = await exec(`insert into wx_user (app_id, open_id, nick_name) values ($1, $2, $2) returning id`, [appId, openId]);
  const wxUserId = String(user!.id);
  const ids: string[] = [];
  for (let i = 1; i <= unread; i++) {
    const [row] = await exec(
      `insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_content, read_flag, create_time) values ($1, $2, $3, '1', 'text', $4, '0', timestamptz '2026-03-01T08:00:00Z' + make_interval(mins => $5)) returning id`,
      [appId, wxUserId, openId, `消息${i}`, i],
    );
    ids.push(String(row!.id));
  }
  const [reply] = await exec(`insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_content, read_flag) values ($1, $2, $3, '2', 'text', '好的', '1') returning id`, [appId, wxUserId, openId]);
  ids.push(String(reply!.id));
  return { wxUserId, ids };
}

const bell = async () => {
  const res = await app.inject({ url: `/weixin/wxmsg/page?current=1&size=10&descs=create_time&notInRepType=event&type=1&readFlag=0&appId=${appId}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { records: Array<{ wxUserId: string; countMsg: number; repContent: string }>; total: number } }>().data;
};
const summary = async () => (await app.inject({ url: `/weixin/wxmsg/summary?appId=${appId}`, headers: auth })).json<{ data: { unreadMessages: number; unreadFollowers: number } }>().data;
const remove = (id: string, headers: AuthHeader = auth) => app.inject({ method: 'DELETE', url: `/weixin/wxmsg/${id}`, headers });

beforeAll(async () => {
  auth = await signIn(app, 'admin');
});

describe('DELETE /weixin/wxmsg/:id', () => {
  it('deletes one message; the bell and the home figures count what is left', async () => {
    const a = await follower('o-del-a', 3);
    const b = await follower('o-del-b', 1);
    expect((await bell()).records.map((r) => [r.wxUserId, r.countMsg])).toEqual([[a.wxUserId, 3], [b.wxUserId, 1]]);
    expect(await summary()).toMatchObject({ unreadMessages: 4, unreadFollowers: 2 });

    // A's latest unread message: A keeps two, and the row shows the one before.
    const res = await remove(a.ids[2]!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: true });
    expect((await app.inject({ url: `/weixin/wxmsg/${a.ids[2]}`, headers: auth })).statusCode).toBe(404);
    let rows = (await bell()).records;
    expect(rows.map((r) => [r.wxUserId, r.countMsg, r.repContent])).toEqual([[a.wxUserId, 2, '消息2'], [b.wxUserId, 1, '消息1']]);

    // B's only unread message: B leaves the bell. The account's own reply goes without changing a count.
    expect((await remove(b.ids[0]!)).statusCode).toBe(200);
    expect((await remove(a.ids[3]!)).statusCode).toBe(200);
    rows = (await bell()).records;
    expect(rows.map((r) => [r.wxUserId, r.countMsg])).toEqual([[a.wxUserId, 2]]);
    expect(await summary()).toMatchObject({ unreadMessages: 2, unreadFollowers: 1 });
  });

  it('answers 404 for a message that does not exist (or is gone) and 400 for a malformed id', async () => {
    const res = await remove('999999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('消息不存在');
    expect((await remove('abc')).statusCode).toBe(400);
  });

  it('needs wxmp:wxmsg:del', async () => {
    const { ids } = await follower('o-del-c', 1);
    await createTestUser(app, 'no-del-user', []);
    expect((await remove(ids[0]!, await signIn(app, 'no-del-user'))).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/weixin/wxmsg/${ids[0]}` })).statusCode).toBe(401);
  });
});
