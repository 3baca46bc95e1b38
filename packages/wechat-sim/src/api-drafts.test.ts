import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFollowers } from './seed.js';
import { demoAccount, startSim, type Sim } from '../test/helpers.js';

describe('drafts and publishing (the replacement of add_news)', () => {
  let sim: Sim;
  let token: string;
  let thumb: string;
  const q = () => `access_token=${token}`;
  const article = (title: string) => ({ title, author: '店长', digest: '摘要', content: '<p>正文</p>', content_source_url: 'https://example.com', thumb_media_id: thumb, need_open_comment: 0, only_fans_can_comment: 0 });
  beforeAll(async () => {
    sim = await startSim();
    token = await sim.token();
    thumb = (await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 1 })).item[0].media_id as string;
  });
  afterAll(async () => sim.close());

  it('adds, reads, updates, counts, lists and deletes drafts', async () => {
    const added = await sim.post(`/cgi-bin/draft/add?${q()}`, { articles: [article('草稿一'), article('草稿二')] });
    expect(added.media_id).toEqual(expect.any(String));
    const got = await sim.post(`/cgi-bin/draft/get?${q()}`, { media_id: added.media_id });
    expect((got.news_item as { title: string }[]).map((item) => item.title)).toEqual(['草稿一', '草稿二']);
    expect(got.news_item[0]).toMatchObject({ thumb_media_id: thumb, thumb_url: expect.stringContaining('/sim/files/'), url: expect.stringContaining('/sim/news/') });
    expect(await sim.post(`/cgi-bin/draft/update?${q()}`, { media_id: added.media_id, index: 1, articles: { title: '草稿二（改）' } })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect(await sim.get(`/cgi-bin/draft/count?${q()}`)).toEqual({ total_count: 1 });
    const list = await sim.post(`/cgi-bin/draft/batchget?${q()}`, { offset: 0, count: 20, no_content: 1 });
    expect(list).toMatchObject({ total_count: 1, item_count: 1 });
    expect(list.item[0].content.news_item[1].title).toBe('草稿二（改）');
    expect(list.item[0].content.news_item[1].content).toBeUndefined();
    expect((await sim.post(`/cgi-bin/draft/update?${q()}`, { media_id: added.media_id, index: 2, articles: { title: 'x' } })).errcode).toBe(40097);
    expect((await sim.post(`/cgi-bin/draft/add?${q()}`, { articles: [{ ...article('x'), thumb_media_id: 'nope' }] })).errcode).toBe(40007);
    expect((await sim.post(`/cgi-bin/draft/add?${q()}`, { articles: [] })).errcode).toBe(44003);
    expect((await sim.post(`/cgi-bin/draft/batchget?${q()}`, { offset: 0, count: 0 })).errcode).toBe(40097);
    expect(await sim.post(`/cgi-bin/draft/delete?${q()}`, { media_id: added.media_id })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/draft/get?${q()}`, { media_id: added.media_id })).errcode).toBe(40007);
  });

  it('publishes a draft, reads and lists the article, sends it and deletes it', async () => {
    const draft = await sim.post(`/cgi-bin/draft/add?${q()}`, { articles: [article('新品上市')] });
    const submitted = await sim.post(`/cgi-bin/freepublish/submit?${q()}`, { media_id: draft.media_id });
    expect(submitted).toMatchObject({ errcode: 0, publish_id: expect.any(String), msg_data_id: expect.any(String) });
    expect(await sim.get(`/cgi-bin/draft/count?${q()}`)).toEqual({ total_count: 0 });
    const status = await sim.post(`/cgi-bin/freepublish/get?${q()}`, { publish_id: submitted.publish_id });
    expect(status).toMatchObject({ publish_status: 0, article_id: expect.any(String), article_detail: { count: 1 } });
    const articleId = status.article_id as string;
    expect((await sim.post(`/cgi-bin/freepublish/getarticle?${q()}`, { article_id: articleId })).news_item[0]).toMatchObject({ title: '新品上市', is_deleted: false });
    expect((await sim.post(`/cgi-bin/freepublish/batchget?${q()}`, { offset: 0, count: 10 })).item[0].article_id).toBe(articleId);

    const openid = demoFollowers[0].openid;
    await sim.post(`/sim/accounts/${demoAccount.appId}/followers/${openid}/messages`, { msgType: 'text', content: '有新品吗' });
    const send = (articleIdToSend: string) => sim.post(`/cgi-bin/message/custom/send?${q()}`, { touser: openid, msgtype: 'mpnewsarticle', mpnewsarticle: { article_id: articleIdToSend } });
    expect((await send(articleId)).errcode).toBe(0);
    expect((await send('nope')).errcode).toBe(40007);
    expect(await sim.post(`/cgi-bin/menu/create?${q()}`, { button: [{ type: 'article_id', name: '新品', article_id: articleId }] })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/menu/create?${q()}`, { button: [{ type: 'article_view_limited', name: '新品', article_id: 'nope' }] })).errcode).toBe(40007);

    expect(await sim.post(`/cgi-bin/freepublish/delete?${q()}`, { article_id: articleId, index: 0 })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/freepublish/batchget?${q()}`, { offset: 0, count: 10 })).total_count).toBe(0);
    expect((await send(articleId)).errcode).toBe(40007);
    expect((await sim.post(`/cgi-bin/freepublish/submit?${q()}`, { media_id: 'nope' })).errcode).toBe(40007);
  });
});
