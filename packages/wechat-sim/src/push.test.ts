import type { InboundMessage, ReplyMessage } from '@canteen/wechat-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from './push.js';
import { demoFollowers } from './seed.js';
import { demoAccount, startCallback, startSim, textReply, type Behaviour, type Sim } from '../test/helpers.js';

const appId = demoAccount.appId;
const openid = demoFollowers[0].openid;
const followerPath = (id = openid) => `/sim/accounts/${appId}/followers/${id}`;
const account = { appId, token: demoAccount.token, encodingAesKey: demoAccount.encodingAesKey, originalId: demoAccount.originalId };

describe('pushes to the callback', () => {
  let sim: Sim;
  let callback: Awaited<ReturnType<typeof startCallback>>;
  afterEach(async () => {
    await sim.close();
    await callback.close();
  });

  const setup = async (mode: 'plain' | 'safe' | 'compatible', behaviour?: Behaviour, options: { callbackTimeoutMs?: number } = {}) => {
    callback = await startCallback(account, behaviour);
    sim = await startSim(options);
    await sim.fetch(`/sim/accounts/${appId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, callbackUrl: callback.url }),
    });
  };

  it('passes the first binding (GET echo of echostr)', async () => {
    await setup('plain');
    const result = await sim.post(`/sim/accounts/${appId}/verify`);
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.body).toBe(result.echostr);
  });

  it('posts signed plain XML for a text message and records the passive reply', async () => {
    await setup('plain', (message) => ({ reply: textReply(message, message.msgType === 'text' ? `收到：${message.content}` : 'ok') }));
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: '今天有什么菜？' });
    expect(result.delivery.outcome).toBe('replied');
    expect(result.delivery.attempts).toHaveLength(1);
    const push = callback.received[0]!;
    expect(push.signatureOk).toBe(true);
    expect(push.query.get('openid')).toBe(openid);
    expect(push.query.get('encrypt_type')).toBeNull();
    expect(push.message).toMatchObject({ msgType: 'text', content: '今天有什么菜？', toUserName: demoAccount.originalId, fromUserName: openid });
    expect((push.message as { msgId: string }).msgId).toMatch(/^\d{17,20}$/);
    expect(BigInt((push.message as { msgId: string }).msgId) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(result.answers).toHaveLength(1);
    expect(result.answers[0]).toMatchObject({ direction: 'out', source: 'passive', msgType: 'text', payload: { content: '收到：今天有什么菜？' } });
    const conversation = await sim.get(`${followerPath()}/conversation`);
    expect((conversation.entries as { direction: string }[]).map((entry) => entry.direction)).toEqual(['in', 'out']);
    const after = await sim.get(`${followerPath()}/conversation?after=${conversation.lastSeq}`);
    expect(after.entries).toEqual([]);
  });

  it('encrypts in safe mode and decrypts the encrypted reply', async () => {
    await setup('safe', (message) => ({ reply: textReply(message, '安全模式你好') }));
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: '加密' });
    const push = callback.received[0]!;
    expect(push.query.get('encrypt_type')).toBe('aes');
    expect(push.query.get('msg_signature')).toMatch(/^[0-9a-f]{40}$/);
    expect(push.body).not.toContain('加密');
    expect(push.body).toContain('<Encrypt>');
    expect(push.message).toMatchObject({ content: '加密' });
    expect(result.delivery.outcome).toBe('replied');
    expect(result.delivery.responseBody).toContain('<MsgSignature>');
    expect(result.delivery.replyXml).toContain('安全模式你好');
    expect(result.answers[0].payload.content).toBe('安全模式你好');
  });

  it('refuses a plaintext reply in safe mode', async () => {
    await setup('safe', (message) => ({ reply: textReply(message, 'x') }));
    // The helper encrypts object replies; a pre-built string goes out as is.
    await callback.close();
    callback = await startCallback(account, (message) => ({ reply: `<xml><ToUserName><![CDATA[${message.fromUserName}]]></ToUserName><FromUserName><![CDATA[${message.toUserName}]]></FromUserName><CreateTime>1</CreateTime><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[明文]]></Content></xml>` }));
    await sim.fetch(`/sim/accounts/${appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: callback.url }) });
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: 'x' });
    expect(result.delivery.outcome).toBe('invalid_reply');
    expect(result.answers[0]).toMatchObject({ direction: 'system', payload: { content: SERVICE_UNAVAILABLE } });
  });

  it('sends both plaintext and Encrypt in compatible mode', async () => {
    await setup('compatible', (message) => ({ reply: textReply(message, 'ok') }));
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: '兼容' });
    expect(callback.received[0]!.body).toContain('兼容');
    expect(callback.received[0]!.body).toContain('<Encrypt>');
    expect(result.delivery.outcome).toBe('replied');
  });

  it('pushes every message type and event the product must handle', async () => {
    await setup('safe');
    const messages = [
      { msgType: 'text', content: '你好' },
      { msgType: 'image' },
      { msgType: 'voice', recognition: '我要订座' },
      { msgType: 'video' },
      { msgType: 'shortvideo' },
      { msgType: 'location', latitude: 23.1, longitude: 113.3, scale: 16, label: '天河路' },
      { msgType: 'link', title: '好文', description: '推荐', url: 'https://example.com/a' },
    ];
    for (const body of messages) expect((await sim.post(`${followerPath()}/messages`, body)).delivery.outcome).toBe('empty');
    const events = [
      { event: 'SCAN', eventKey: '1' },
      { event: 'LOCATION', latitude: 23.1, longitude: 113.3, precision: 30 },
      { event: 'CLICK', eventKey: 'MENU_TODAY' },
      { event: 'VIEW', eventKey: 'https://example.com/member' },
      { event: 'scancode_push', eventKey: 'S', scanResult: 'T1' },
      { event: 'scancode_waitmsg', eventKey: 'S', scanResult: 'T2' },
      { event: 'pic_sysphoto', eventKey: 'P' },
      { event: 'pic_photo_or_album', eventKey: 'P' },
      { event: 'pic_weixin', eventKey: 'P' },
      { event: 'location_select', eventKey: 'L' },
      { event: 'unsubscribe' },
      { event: 'subscribe', eventKey: 'qrscene_7' },
    ];
    for (const body of events) expect((await sim.post(`${followerPath()}/events`, body)).delivery.outcome).toBe('empty');
    const received = callback.received.map((push) => push.message);
    expect(received.map((message) => message.msgType)).toEqual([...messages.map((m) => m.msgType), ...events.map(() => 'event')]);
    const byType = (type: string) => received.find((message) => message.msgType === type) as unknown as Record<string, unknown>;
    expect(byType('image')).toMatchObject({ picUrl: expect.stringContaining('/sim/files/'), mediaId: expect.any(String) });
    expect(byType('voice')).toMatchObject({ format: 'amr', recognition: '我要订座' });
    expect(byType('video')).toMatchObject({ mediaId: expect.any(String), thumbMediaId: expect.any(String) });
    expect(byType('location')).toMatchObject({ locationX: 23.1, locationY: 113.3, scale: 16, label: '天河路' });
    const eventsSeen = received.filter((message): message is Extract<InboundMessage, { msgType: 'event' }> => message.msgType === 'event');
    expect(eventsSeen.map((message) => message.event)).toEqual(events.map((e) => e.event));
    expect(eventsSeen.at(-1)).toMatchObject({ event: 'subscribe', eventKey: 'qrscene_7', ticket: expect.any(String) });
    expect(eventsSeen[4]).toMatchObject({ scanCodeInfo: { scanType: 'qrcode', scanResult: 'T1' } });
    expect(eventsSeen[6]).toMatchObject({ sendPicsInfo: { count: 1, picList: [{ picMd5Sum: expect.stringMatching(/^[0-9a-f]{32}$/) }] } });
    expect(eventsSeen[9]).toMatchObject({ sendLocationInfo: { label: expect.any(String), poiname: expect.any(String) } });
    // The pushed media ids are real temporary media the product can download.
    const token = await sim.token();
    const image = byType('image');
    const got = await sim.fetch(`/cgi-bin/media/get?access_token=${token}&media_id=${String(image.mediaId)}`);
    expect(got.headers.get('content-type')).toBe('image/png');
    const voice = await sim.fetch(`/cgi-bin/media/get?access_token=${token}&media_id=${String(byType('voice').mediaId)}`);
    expect(Buffer.from(await voice.arrayBuffer()).subarray(0, 6).toString()).toBe('#!AMR\n');
    const follower = await sim.get(followerPath());
    expect(follower).toMatchObject({ subscribed: true, subscribeCount: 2, subscribeScene: 'ADD_SCENE_QR_CODE' });
  });

  it('retries when the callback is slow and records each try', async () => {
    await setup('plain', (message, attempt) => (attempt < 3 ? { delayMs: 600 } : { reply: textReply(message, '第三次才回') }), { callbackTimeoutMs: 200 });
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: '慢' });
    expect(result.delivery.attempts).toHaveLength(3);
    expect(result.delivery.attempts[0].error).toMatch(/no answer within 200 ms/);
    expect(result.delivery.outcome).toBe('replied');
    // The same message (same MsgId) arrived three times: the product must de-duplicate.
    expect(new Set(callback.received.map((push) => (push.message as { msgId: string }).msgId)).size).toBe(1);
    expect(callback.received).toHaveLength(3);
  });

  it('gives up after three tries and shows the platform notice', async () => {
    await setup('plain', () => ({ delayMs: 600 }), { callbackTimeoutMs: 150 });
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: '有人吗' });
    expect(result.delivery.outcome).toBe('failed');
    expect(result.delivery.attempts).toHaveLength(3);
    expect(result.answers).toEqual([expect.objectContaining({ direction: 'system', payload: { content: SERVICE_UNAVAILABLE } })]);
  });

  it('retries on HTTP errors too, and answers nothing for an empty body or success', async () => {
    await setup('plain', (_message, attempt) => (attempt === 1 ? { status: 500 } : { reply: '' }));
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: 'x' });
    expect((result.delivery.attempts as { status: number }[]).map((attempt) => attempt.status)).toEqual([500, 200]);
    expect(result.delivery.outcome).toBe('empty');
    expect(result.answers).toEqual([]);
  });

  it('checks passive replies: media must exist, news carries one article, addresses swapped', async () => {
    const replies: ((message: InboundMessage) => ReplyMessage)[] = [
      (m) => ({ toUserName: m.fromUserName, fromUserName: m.toUserName, createTime: 1, msgType: 'image', image: { mediaId: 'nope' } }),
      (m) => ({ toUserName: m.fromUserName, fromUserName: m.toUserName, createTime: 1, msgType: 'news', articles: [{ title: 'a' }, { title: 'b' }] }),
      (m) => ({ toUserName: 'someone-else', fromUserName: m.toUserName, createTime: 1, msgType: 'text', content: 'x' }),
      (m) => ({ toUserName: m.fromUserName, fromUserName: m.toUserName, createTime: 1, msgType: 'news', articles: [{ title: '新品', description: 'd', picUrl: 'http://p', url: 'http://u' }] }),
    ];
    let index = 0;
    await setup('plain', (message) => ({ reply: replies[index++]!(message) }));
    const outcomes: string[] = [];
    for (let i = 0; i < replies.length; i++) outcomes.push((await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: `${i}` })).delivery.outcome);
    expect(outcomes).toEqual(['invalid_reply', 'invalid_reply', 'invalid_reply', 'replied']);
    const invalidJson = await startCallback(account, () => ({ reply: '{"msgtype":"text"}' }));
    await sim.fetch(`/sim/accounts/${appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: invalidJson.url }) });
    expect((await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: 'json' })).delivery.outcome).toBe('invalid_reply');
    await invalidJson.close();
  });

  it('ignores replies to VIEW and unsubscribe', async () => {
    await setup('plain', (message) => ({ reply: textReply(message, '不该出现') }));
    const view = await sim.post(`${followerPath()}/events`, { event: 'VIEW', eventKey: 'https://example.com' });
    expect(view.delivery.outcome).toBe('ignored');
    const gone = await sim.post(`${followerPath()}/unsubscribe`);
    expect(gone.delivery.outcome).toBe('ignored');
    expect(gone.answers).toEqual([]);
    expect((await sim.fetch(`${followerPath()}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"msgType":"text","content":"x"}' })).status).toBe(409);
  });

  it('taps menu buttons and subscribes a new follower', async () => {
    await setup('safe', (message) => ({ reply: textReply(message, message.msgType === 'event' ? `事件 ${message.event}` : 'x') }));
    const click = await sim.post(`${followerPath()}/menu`, { path: [0] });
    expect(callback.received.at(-1)!.message).toMatchObject({ event: 'CLICK', eventKey: 'MENU_TODAY' });
    expect(click.answers[0].payload.content).toBe('事件 CLICK');
    await sim.post(`${followerPath()}/menu`, { path: [1, 1], scanResult: 'TABLE-12' });
    expect(callback.received.at(-1)!.message).toMatchObject({ event: 'scancode_waitmsg', eventKey: 'SCAN_ORDER', scanCodeInfo: { scanResult: 'TABLE-12' } });
    await sim.post(`${followerPath()}/menu`, { name: '会员中心' });
    expect(callback.received.at(-1)!.message).toMatchObject({ event: 'VIEW', eventKey: 'https://example.com/member', menuId: expect.any(String) });
    expect((await sim.fetch(`${followerPath()}/menu`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"key":"NOPE"}' })).status).toBe(404);

    const created = await sim.fetch(`/sim/accounts/${appId}/followers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ nickname: '新客人' }) });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { follower: { openid: string; nickname: string }; delivery: { outcome: string } };
    expect(body.follower.nickname).toBe('新客人');
    expect(body.follower.openid).toMatch(/^o[\w-]{27}$/);
    expect(callback.received.at(-1)!.message).toMatchObject({ event: 'subscribe', fromUserName: body.follower.openid });
    const token = await sim.token();
    const info = await sim.get(`/cgi-bin/user/info?access_token=${token}&openid=${body.follower.openid}`);
    expect(info).toMatchObject({ subscribe: 1, nickname: '新客人' });
    // A follow opens a one-minute window for customer-service messages.
    const sent = await sim.post(`/cgi-bin/message/custom/send?access_token=${token}`, { touser: body.follower.openid, msgtype: 'text', text: { content: '欢迎' } });
    expect(sent.errcode).toBe(0);
    const conversation = await sim.get(`/sim/accounts/${appId}/followers/${body.follower.openid}/conversation`);
    expect((conversation.entries as { source: string }[]).map((entry) => entry.source)).toEqual(['follower', 'passive', 'custom']);
  });

  it('sends an uploaded picture as the follower, refusing other file types', async () => {
    await setup('plain');
    const png = await (await sim.fetch('/sim/samples/dish-greens')).arrayBuffer();
    const sent = await sim.post(`${followerPath()}/messages`, { msgType: 'image', data: Buffer.from(png).toString('base64'), filename: 'mine.png' });
    expect(sent.delivery.outcome).toBe('empty');
    const picture = await sim.fetch(new URL(sent.message.picUrl as string).pathname);
    expect(Buffer.from(await picture.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
    const wrong = await sim.fetch(`${followerPath()}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msgType: 'image', data: Buffer.from('#!AMR\n').toString('base64') }),
    });
    expect(wrong.status).toBe(400);
  });

  it('records the push when there is no callback', async () => {
    await setup('plain');
    await sim.fetch(`/sim/accounts/${appId}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ callbackUrl: null }) });
    const result = await sim.post(`${followerPath()}/messages`, { msgType: 'text', content: 'x' });
    expect(result.delivery.outcome).toBe('no_callback');
    const deliveries = await sim.get(`/sim/deliveries?appId=${appId}`);
    expect(deliveries[0].xml).toContain('<Content><![CDATA[x]]></Content>');
  });
});
