import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccount, makeJpeg } from '@canteen/wechat-sim';
import { createTestApp } from '../../../../test/app.js';
import { signIn, type AuthHeader } from '../../../../test/auth.js';
import { multipart, startSimulator } from '../../../../test/sim.js';
import { sanitizeArticleHtml } from './article-html.js';

const { url: simUrl, call: sim } = await startSimulator();
const { app } = await createTestApp({ WECHAT_API_BASE: simUrl });
const appId = demoAccount.appId;
let auth: AuthHeader;
let cover: string;

/** Every way in: a script, event handlers, javascript: links and images, frames, forms, styles that load. */
const HOSTILE = [
  '<p style="color: red; position: fixed; background: url(https://evil.example/x)">红色<script>alert(1)</script></p>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(2)" alt="j">',
  '<a href="javascript:alert(3)">坏链接</a>',
  '<a href="https://example.com/menu" onclick="alert(4)">菜单</a>',
  '<iframe src="https://evil.example/frame">框架</iframe>',
  '<form action="https://evil.example"><input name="p"></form>',
  '<svg onload=alert(5)></svg><style>body{display:none}</style>',
  '<section style="text-align: center"><h2>本周新菜</h2><strong>粗</strong><em>斜</em><u>下划线</u><br></section>',
  '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>',
  '<img src="/weixin/media/material/abc.png" alt="菜"><img src="https://mmbiz.qpic.cn/a.jpg">',
].join('');

/** What must never come back, whatever the path in. */
function expectClean(html: string) {
  for (const bad of ['<script', 'alert(', 'onerror', 'onclick', 'onload', 'javascript:', '<iframe', '<form', '<input', '<svg', '<style', 'url(', 'position']) {
    expect(html.toLowerCase(), bad).not.toContain(bad);
  }
  // Normal formatting stays.
  for (const kept of ['<p style="color: red">红色</p>', '<a href="https://example.com/menu">菜单</a>', '坏链接', '<section style="text-align: center"><h2>本周新菜</h2><strong>粗</strong><em>斜</em><u>下划线</u><br /></section>',
    '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote>', '<img src="/weixin/media/material/abc.png" alt="菜" />', '<img src="https://mmbiz.qpic.cn/a.jpg" />']) {
    expect(html).toContain(kept);
  }
}

type NewsPage = { items: Array<{ mediaId: string; content: { articles: Array<{ title: string; content: string }> } | null }> };
const newsPage = async () => (await app.inject({ url: `/weixin/wxmaterial/page?appId=${appId}&type=news&size=100`, headers: auth })).json<{ data: NewsPage }>().data;
const storedContents = async (mediaId: string) => {
  const rows = await app.database.exclusive((exec) => exec('select articles from wx_material where app_id = $1 and media_id = $2', [appId, mediaId]));
  return (rows[0] as { articles: Array<{ content: string }> }).articles.map((a) => a.content);
};

beforeAll(async () => {
  auth = await signIn(app, 'admin');
  const body = multipart({ appId, mediaType: 'image' }, [{ name: 'cover.jpg', type: 'image/jpeg', bytes: makeJpeg(16, 16) }]);
  const res = await app.inject({ method: 'POST', url: '/weixin/wxmaterial/materialFileUpload', headers: { ...auth, ...body.headers }, payload: body.payload });
  expect(res.statusCode).toBe(200);
  cover = res.json<{ data: { mediaId: string } }>().data.mediaId;
});

describe('news-article HTML is sanitised on the way in (issue 22 #8)', () => {
  it('keeps the allowed formatting and drops scripts, handlers, javascript: links, frames and loading styles', () => {
    expectClean(sanitizeArticleHtml(HOSTILE));
  });

  it('stores a created and an updated article without them (and sends the platform the clean HTML)', async () => {
    const article = (title: string) => ({ title, thumbMediaId: cover, content: HOSTILE });
    const created = await app.inject({ method: 'POST', url: '/weixin/wxmaterial/materialNews', headers: auth, payload: { appId, articles: [article('新菜')] } });
    expect(created.statusCode).toBe(200);
    const mediaId = created.json<{ data: { mediaId: string } }>().data.mediaId;
    for (const content of await storedContents(mediaId)) expectClean(content);

    const updated = await app.inject({ method: 'PUT', url: '/weixin/wxmaterial/materialNews', headers: auth, payload: { appId, mediaId, articles: [article('新菜（改）')] } });
    expect(updated.statusCode).toBe(200);
    for (const content of await storedContents(mediaId)) expectClean(content);
    const listed = (await newsPage()).items.find((i) => i.mediaId === mediaId)!;
    expectClean(listed.content!.articles[0]!.content);

    const only = await app.inject({ method: 'POST', url: '/weixin/wxmaterial/materialNews', headers: auth, payload: { appId, articles: [{ ...article('空'), content: '<script>alert(1)</script>' }] } });
    expect([only.statusCode, only.json<{ msg: string }>().msg]).toEqual([400, '第1篇文章的正文为空（脚本、框架等不允许的内容已去除）']);
  });

  it('mirrors an article written on the platform (a sync) without them', async () => {
    const { access_token: token } = await sim<{ access_token: string }>('GET', `/cgi-bin/token?grant_type=client_credential&appid=${appId}&secret=${demoAccount.secret}`);
    const added = await sim<{ media_id: string }>('POST', `/cgi-bin/material/add_news?access_token=${token}`, { articles: [{ title: '平台上写的', thumb_media_id: cover, content: HOSTILE, show_cover_pic: 1 }] });
    expect(added.media_id).toBeTruthy();
    const progress = async () => (await app.inject({ url: `/weixin/wxmaterial/synchron/progress?appId=${appId}`, headers: auth })).json<{ data: { state: string } }>().data.state;
    // The first listing above started the account's first sync: let it end before this one.
    await expect.poll(progress, { timeout: 15_000 }).not.toBe('running');
    expect((await app.inject({ method: 'POST', url: '/weixin/wxmaterial/synchron', headers: auth, payload: { appId } })).statusCode).toBe(200);
    await expect.poll(progress, { timeout: 15_000 }).not.toBe('running');
    expect(await progress()).toBe('done');
    for (const content of await storedContents(added.media_id)) expectClean(content);
  });
});
