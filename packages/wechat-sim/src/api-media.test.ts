import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmr, makeDishPng, makeJpeg, makeMp4 } from './media.js';
import { startSim, upload, type Sim } from '../test/helpers.js';

describe('permanent materials', () => {
  let sim: Sim;
  let token: string;
  const q = () => `access_token=${token}`;
  const postForm = (path: string, form: FormData) => sim.json(path, { method: 'POST', body: form });
  beforeAll(async () => {
    sim = await startSim({ limits: { image: 50 * 1024 } });
    token = await sim.token();
  });
  afterAll(async () => sim.close());

  it('counts the seeded materials', async () => {
    expect(await sim.get(`/cgi-bin/material/get_materialcount?${q()}`)).toEqual({ voice_count: 1, video_count: 1, image_count: 3, news_count: 1 });
  });

  it('adds an image (multipart `media`), lists it first and serves its bytes', async () => {
    const png = makeDishPng([[10, 20, 30]]);
    const added = await postForm(`/cgi-bin/material/add_material?${q()}&type=image`, upload(png, 'dish.png', {}, 'image/png'));
    expect(added).toEqual({ media_id: expect.any(String), url: expect.stringMatching(/\/sim\/files\//) });
    const list = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 2 });
    expect(list.total_count).toBe(4);
    expect(list.item_count).toBe(2);
    expect(list.item[0]).toMatchObject({ media_id: added.media_id, name: 'dish.png', url: added.url, update_time: expect.any(Number) });
    const rest = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 2, count: 20 });
    expect(rest.item_count).toBe(2);
    const bytes = await sim.fetch(`/cgi-bin/material/get_material?${q()}`, { method: 'POST', body: JSON.stringify({ media_id: added.media_id }) });
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(bytes.headers.get('content-disposition')).toContain('attachment; filename="dish.png"');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(png)).toBe(true);
  });

  it('checks the media type by its bytes, the size and the presence of `media`', async () => {
    const png = makeDishPng([[1, 2, 3]]);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=voice`, upload(png, 'fake.amr'))).errcode).toBe(40005);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=image`, upload(Buffer.from('hello'), 'x.png'))).errcode).toBe(40005);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=sticker`, upload(png, 'x.png'))).errcode).toBe(40004);
    const big = Buffer.concat([png, Buffer.alloc(60 * 1024)]);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=image`, upload(big, 'big.png'))).errcode).toBe(40009);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'x.png');
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=image`, form)).errcode).toBe(41005);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=thumb`, upload(png, 'thumb.png'))).errcode).toBe(40005);
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=voice`, upload(makeAmr(61), 'long.amr'))).errcode).toBe(45007);
  });

  it('adds voice, thumb and video (video needs the description JSON)', async () => {
    const voice = await postForm(`/cgi-bin/material/add_material?${q()}&type=voice`, upload(makeAmr(1), 'hi.amr'));
    expect(voice).toEqual({ media_id: expect.any(String) });
    const thumb = await postForm(`/cgi-bin/material/add_material?${q()}&type=thumb`, upload(makeJpeg(16, 16), 'cover.jpg'));
    expect(thumb.media_id).toEqual(expect.any(String));
    expect((await postForm(`/cgi-bin/material/add_material?${q()}&type=video`, upload(makeMp4(), 'v.mp4'))).errcode).toBe(40097);
    const video = await postForm(
      `/cgi-bin/material/add_material?${q()}&type=video`,
      upload(makeMp4(), 'v.mp4', { description: JSON.stringify({ title: '后厨', introduction: '干净整洁' }) }),
    );
    expect(video.media_id).toEqual(expect.any(String));
    const info = await sim.post(`/cgi-bin/material/get_material?${q()}`, { media_id: video.media_id });
    expect(info).toEqual({ title: '后厨', description: '干净整洁', down_url: expect.stringMatching(/\/sim\/files\//) });
    const down = await sim.fetch(new URL(info.down_url as string).pathname);
    expect(down.headers.get('content-type')).toBe('video/mp4');
    const voices = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'voice', offset: 0, count: 10 });
    expect(voices.item[0]).toMatchObject({ media_id: voice.media_id, name: 'hi.amr' });
  });

  it('creates and updates news, lists and reads it, and 45103 when retired', async () => {
    const images = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 1 });
    const thumb = images.item[0].media_id as string;
    const article = { title: '开业大吉', thumb_media_id: thumb, author: '店长', digest: '全场八折', show_cover_pic: 1, content: '<p>欢迎</p>', content_source_url: 'https://example.com' };
    const created = await sim.post(`/cgi-bin/material/add_news?${q()}`, { articles: [article, { ...article, title: '第二篇' }] });
    expect(created.media_id).toEqual(expect.any(String));
    const got = await sim.post(`/cgi-bin/material/get_material?${q()}`, { media_id: created.media_id });
    expect(got.news_item).toHaveLength(2);
    expect(got.news_item[0]).toMatchObject({ title: '开业大吉', thumb_media_id: thumb, url: expect.stringContaining('/sim/news/'), thumb_url: expect.stringContaining('/sim/files/') });
    expect(await sim.post(`/cgi-bin/material/update_news?${q()}`, { media_id: created.media_id, index: 1, articles: { title: '第二篇（改）' } })).toEqual({ errcode: 0, errmsg: 'ok' });
    const list = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'news', offset: 0, count: 20 });
    expect(list.item[0].media_id).toBe(created.media_id);
    expect(list.item[0].content.news_item[1].title).toBe('第二篇（改）');
    const page = await sim.fetch(new URL(got.news_item[0].url as string).pathname);
    expect(await page.text()).toContain('开业大吉');

    expect((await sim.post(`/cgi-bin/material/add_news?${q()}`, { articles: [] })).errcode).toBe(44003);
    expect((await sim.post(`/cgi-bin/material/add_news?${q()}`, { articles: Array(9).fill(article) })).errcode).toBe(45008);
    expect((await sim.post(`/cgi-bin/material/add_news?${q()}`, { articles: [{ ...article, thumb_media_id: 'nope' }] })).errcode).toBe(40007);
    expect((await sim.post(`/cgi-bin/material/update_news?${q()}`, { media_id: 'nope', index: 0, articles: article })).errcode).toBe(40007);
    expect((await sim.post(`/cgi-bin/material/update_news?${q()}`, { media_id: created.media_id, index: 5, articles: article })).errcode).toBe(40097);

    await sim.fetch(`/sim/accounts/${'wx6c3a1e5f0b7d9246'}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ retiredNewsApi: true }) });
    expect((await sim.post(`/cgi-bin/material/add_news?${q()}`, { articles: [article] })).errcode).toBe(45103);
    expect((await sim.post(`/cgi-bin/material/update_news?${q()}`, { media_id: created.media_id, index: 0, articles: article })).errcode).toBe(45103);
    await sim.fetch(`/sim/accounts/${'wx6c3a1e5f0b7d9246'}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ retiredNewsApi: false }) });
  });

  it('refuses bad list requests and deletes materials', async () => {
    expect((await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'thumbs', offset: 0, count: 1 })).errcode).toBe(40004);
    expect((await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 21 })).errcode).toBe(40097);
    expect((await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: -1, count: 1 })).errcode).toBe(40097);
    const before = await sim.get(`/cgi-bin/material/get_materialcount?${q()}`);
    const images = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 1 });
    expect(await sim.post(`/cgi-bin/material/del_material?${q()}`, { media_id: images.item[0].media_id })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.get(`/cgi-bin/material/get_materialcount?${q()}`)).image_count).toBe(before.image_count - 1);
    expect((await sim.post(`/cgi-bin/material/del_material?${q()}`, { media_id: images.item[0].media_id })).errcode).toBe(40007);
    expect((await sim.post(`/cgi-bin/material/get_material?${q()}`, { media_id: 'nope' })).errcode).toBe(40007);
  });

  it('refuses to delete a material a menu button uses (48005)', async () => {
    const images = await sim.post(`/cgi-bin/material/batchget_material?${q()}`, { type: 'image', offset: 0, count: 1 });
    const mediaId = images.item[0].media_id as string;
    expect(await sim.post(`/cgi-bin/menu/create?${q()}`, { button: [{ type: 'media_id', name: '图片', media_id: mediaId }] })).toEqual({ errcode: 0, errmsg: 'ok' });
    expect((await sim.post(`/cgi-bin/material/del_material?${q()}`, { media_id: mediaId })).errcode).toBe(48005);
    await sim.get(`/cgi-bin/menu/delete?${q()}`);
  });

  it('uploads an article image (uploadimg) as jpg/png only', async () => {
    const res = await postForm(`/cgi-bin/media/uploadimg?${q()}`, upload(makeJpeg(16, 16), 'a.jpg'));
    expect(res.url).toMatch(/\/sim\/files\//);
    expect((await postForm(`/cgi-bin/media/uploadimg?${q()}`, upload(makeAmr(1), 'a.amr'))).errcode).toBe(40005);
  });
});

describe('temporary media', () => {
  let sim: Sim;
  let token: string;
  const q = () => `access_token=${token}`;
  beforeAll(async () => {
    sim = await startSim();
    token = await sim.token();
  });
  afterAll(async () => sim.close());

  it('uploads, downloads, and answers 40007 three days later', async () => {
    const png = makeDishPng([[200, 100, 50]]);
    const res = await sim.json(`/cgi-bin/media/upload?${q()}&type=image`, { method: 'POST', body: upload(png, 'a.png') });
    expect(res).toEqual({ type: 'image', media_id: expect.any(String), created_at: expect.any(Number) });
    const got = await sim.fetch(`/cgi-bin/media/get?${q()}&media_id=${res.media_id}`);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="${res.media_id}.png"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(png)).toBe(true);

    await sim.post('/sim/clock/advance', { days: 3, seconds: -1 });
    token = await sim.token();
    expect((await sim.fetch(`/cgi-bin/media/get?${q()}&media_id=${res.media_id}`)).headers.get('content-type')).toBe('image/png');
    await sim.post('/sim/clock/advance', { seconds: 1 });
    expect(await sim.json(`/cgi-bin/media/get?${q()}&media_id=${res.media_id}`)).toMatchObject({ errcode: 40007 });
  });

  it('answers video_url for a video and thumb_media_id for a thumb', async () => {
    const video = await sim.json(`/cgi-bin/media/upload?${q()}&type=video`, { method: 'POST', body: upload(makeMp4(), 'v.mp4') });
    const got = await sim.get(`/cgi-bin/media/get?${q()}&media_id=${video.media_id}`);
    expect(got).toEqual({ video_url: expect.stringMatching(/\/sim\/files\//) });
    const thumb = await sim.json(`/cgi-bin/media/upload?${q()}&type=thumb`, { method: 'POST', body: upload(makeJpeg(16, 16), 't.jpg') });
    expect(thumb).toEqual({ type: 'thumb', thumb_media_id: expect.any(String), created_at: expect.any(Number) });
    const voice = await sim.json(`/cgi-bin/media/upload?${q()}&type=voice`, { method: 'POST', body: upload(makeAmr(1), 'v.amr') });
    expect((await sim.fetch(`/cgi-bin/media/get?${q()}&media_id=${voice.media_id}`)).headers.get('content-type')).toBe('audio/amr');
  });

  it('refuses bad uploads and unknown ids', async () => {
    expect((await sim.json(`/cgi-bin/media/upload?${q()}&type=video`, { method: 'POST', body: upload(makeAmr(1), 'x.mp4') })).errcode).toBe(40005);
    expect((await sim.json(`/cgi-bin/media/upload?${q()}&type=thumb`, { method: 'POST', body: upload(Buffer.concat([makeJpeg(16, 16), Buffer.alloc(70 * 1024)]), 't.jpg') })).errcode).toBe(40012);
    expect((await sim.json(`/cgi-bin/media/upload?${q()}`, { method: 'POST', body: upload(makeAmr(1), 'x.amr') })).errcode).toBe(40004);
    expect((await sim.get(`/cgi-bin/media/get?${q()}&media_id=nope`)).errcode).toBe(40007);
    expect((await sim.get(`/cgi-bin/media/get?${q()}`)).errcode).toBe(41006);
  });
});
