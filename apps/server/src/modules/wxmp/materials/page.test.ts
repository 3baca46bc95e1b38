import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { DEMO_ACCOUNT } from '../seed.js';
import { MATERIAL_SYNC } from '../sync.js';

const { app } = await createTestApp();
const appId = DEMO_ACCOUNT.appId;
let auth: AuthHeader;

type Page = { items: Array<{ mediaId: string }>; totalCount: number };
const page = async (query: string): Promise<Page> => {
  const res = await app.inject({ url: `/weixin/wxmaterial/page?appId=${appId}&type=voice&${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Page }>().data;
};
const exec = (sql: string) => app.database.exclusive((run) => run(sql, []));

beforeAll(async () => {
  auth = await signIn(app, 'admin');
  // Mirror already filled (the account's sync has run): the first listing starts no platform sync.
  await exec(`insert into job (kind, key, state, finished_at) values ('${MATERIAL_SYNC}', '${appId}', 'done', now())`);
  // 45 voice materials, v1 newest; v10 and v11 share an update time (the id breaks the tie).
  await exec(`insert into wx_material (app_id, media_id, type, name, update_time)
    select '${appId}', 'v' || i, 'voice', 'v' || i || '.mp3', timestamptz '2026-01-01' - make_interval(mins => case when i = 11 then 10 else i end)
    from generate_series(1, 45) i`);
});

describe('the material page (newest first)', () => {
  it('walks every material once, newest first, in the same order as an explicit update_time, id sort', async () => {
    const seen: string[] = [];
    for (const current of [1, 2, 3]) {
      const fast = await page(`current=${current}&size=20`);
      const explicit = await page(`current=${current}&size=20&descs=update_time,id`);
      expect(fast).toEqual(explicit);
      expect(fast.totalCount).toBe(45);
      seen.push(...fast.items.map((i) => i.mediaId));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen.slice(0, 3)).toEqual(['v1', 'v2', 'v3']);
    expect(seen.indexOf('v11')).toBeLessThan(seen.indexOf('v10')); // same time: the newer id first
    expect((await page('current=4&size=20')).items).toEqual([]);
  });

  it('leaves out a row removed behind its back (another instance) instead of failing', async () => {
    await page('current=1&size=20'); // the order is now held
    await exec(`delete from wx_material where app_id = '${appId}' and media_id = 'v2'`);
    const first = await page('current=1&size=20');
    expect(first.items.map((i) => i.mediaId)).not.toContain('v2');
    expect(first.items[0]!.mediaId).toBe('v1');
  });
});
