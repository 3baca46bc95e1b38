import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { DEMO_ACCOUNT } from '../seed.js';

const { app } = await createTestApp();
const appId = DEMO_ACCOUNT.appId;
let auth: AuthHeader;
const exec = async (sql: string, params: unknown[] = []) => app.database.exclusive((run) => run(sql, params));

interface BellRow { wxUserId: string; nickName: string; countMsg: number; createTime: string }
interface BellPage { records: BellRow[]; total: number; countMsg: number }
const bellQuery = `current=1&size=10&descs=create_time&notInRepType=event&type=1&readFlag=0&appId=${appId}`;
const bell = async (extra = ''): Promise<BellPage> => {
  const res = await app.inject({ url: `/weixin/wxmsg/page?${bellQuery}${extra}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BellPage }>().data;
};
const after = (row: BellRow) => `&beforeTime=${encodeURIComponent(row.createTime)}&beforeUser=${row.wxUserId}`;

/** 25 followers with 1…25 unread messages; follower n's latest is at minute n (so 25 is newest). Two share one millisecond. */
beforeAll(async () => {
  auth = await signIn(app, 'admin');
  await exec(`insert into wx_user (app_id, open_id, nick_name) select $1, 'o-bell-' || n, '粉丝' || n from generate_series(1, 25) n`, [appId]);
  await exec(`insert into wx_msg (app_id, wx_user_id, open_id, type, rep_type, rep_content, read_flag, create_time)
    select u.app_id, u.id, u.open_id, '1', 'text', '你好', '0',
      timestamptz '2026-03-01T08:00:00.000123Z' + make_interval(mins => case when n = 12 then 11 else n end) - make_interval(secs => m * 0.000001)
    from wx_user u cross join lateral (select substr(u.open_id, 8)::int as n) f cross join lateral generate_series(1, f.n) m
    where u.open_id like 'o-bell-%'`);
});

describe('the bell page', () => {
  it('answers every unread message in countMsg (not only the first ten rows) and the followers in total', async () => {
    const page = await bell();
    expect(page.records).toHaveLength(10);
    expect(page.total).toBe(25);
    expect(page.countMsg).toBe((25 * 26) / 2); // 325: the badge shows 99+
    expect(page.records.map((r) => r.countMsg)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
  });

  it('pages through every unread follower 10 at a time after the last row shown, skipping none when rows are read meanwhile', async () => {
    const first = await bell();
    // Follower 24 is opened (read) while the first page is shown: the next page must still start at 15.
    await exec(`update wx_msg set read_flag = '1' where open_id = 'o-bell-24'`);
    const second = await bell(after(first.records.at(-1)!));
    expect(second.records.map((r) => r.nickName)).toEqual(['粉丝15', '粉丝14', '粉丝13', '粉丝12', '粉丝11', '粉丝10', '粉丝9', '粉丝8', '粉丝7', '粉丝6']);
    const third = await bell(after(second.records.at(-1)!));
    expect(third.records.map((r) => r.nickName)).toEqual(['粉丝5', '粉丝4', '粉丝3', '粉丝2', '粉丝1']);
    expect(third.total).toBe(24);
    expect(third.countMsg).toBe(325 - 24);
  });

  it('refuses half a cursor', async () => {
    const res = await app.inject({ url: `/weixin/wxmsg/page?${bellQuery}&beforeUser=3`, headers: auth });
    expect(res.statusCode).toBe(400);
  });
});
