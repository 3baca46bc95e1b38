import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/app.js';
import type { AuthHeader } from '../../../../test/auth.js';
import { createAccount, eventXml, push, reference, signIn, textXml } from '../../../../test/wxmp.js';
import { REPLAY_REFUSED } from './service.js';

const { app } = await createTestApp({ WECHAT_API_BASE: 'http://127.0.0.1:9' });
let auth: AuthHeader;

// The platform's published vectors (reference/wechat.md §1.1 and §1.7).
const SIGN = { token: 'AAAAA', timestamp: '1714036504', nonce: '1514711492', signature: 'f464b24fc39322e44b38aa78f5edd27bd1441696', echostr: '4375120948345356249' };
const AES = {
  token: 'pamtest', aesKey: 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', appId: 'wxb11529c136998cb6', random: 'aaaabbbbccccdddd',
  timestamp: '1409304348', nonce: 'xxxxxx', plain: '我是中文abcd123',
  encrypted: 'jn1L23DB+6ELqJ+6bruv21Y6MD7KeIfP82D6gU39rmkgczbWwt5+3bnyg5K55bgVtVzd832WzZGMhkP72vVOfg==',
};

const messages = async (appId: string) =>
  app.database.exclusive((exec) => exec('select * from wx_msg where app_id = $1 order by id', [appId]));
const follower = async (appId: string, openId: string) =>
  (await app.database.exclusive((exec) => exec('select * from wx_user where app_id = $1 and open_id = $2', [appId, openId])))[0];

beforeAll(async () => {
  auth = await signIn(app, 'admin');
  await createAccount(app, auth, { appId: 'wxsigntest000001', token: SIGN.token, secret: 'secret-1', weixinSign: 'gh_sign' });
  await createAccount(app, auth, { appId: AES.appId, token: AES.token, secret: 'secret-2', aesKey: AES.aesKey, weixinSign: 'gh_aes', msgMode: 'safe' });
});

describe('URL verification (GET)', () => {
  it('echoes echostr for the official signature vector', async () => {
    const { token: _t, ...query } = SIGN;
    const res = await app.inject({ url: `/weixin/portal/wxsigntest000001?${new URLSearchParams(query).toString()}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SIGN.echostr);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
  });

  it('refuses a wrong signature with 403 and an unknown account with 404', async () => {
    const bad = await app.inject({ url: `/weixin/portal/wxsigntest000001?${new URLSearchParams({ ...SIGN, signature: 'f'.repeat(40) }).toString()}` });
    expect(bad.statusCode).toBe(403);
    expect(bad.body).not.toContain(SIGN.echostr);
    const unknown = await app.inject({ url: `/weixin/portal/nobody?${new URLSearchParams(SIGN).toString()}` });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('plain pushes (POST)', () => {
  it('stores a text message as type 1 unread, creates the follower, answers success', async () => {
    const res = await push(app, 'wxsigntest000001', SIGN.token, textXml({ to: 'gh_sign', from: 'o_alice', content: '你好', msgId: '9223372036854775807' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    const [row] = await messages('wxsigntest000001');
    expect(row).toMatchObject({ type: '1', read_flag: '0', rep_type: 'text', rep_content: '你好', msg_id: '9223372036854775807', open_id: 'o_alice', app_name: '测试公众号' });
    expect(await follower('wxsigntest000001', 'o_alice')).toMatchObject({ subscribe: '1' });
  });

  it('stores a retried push once (same MsgId) and answers it again', async () => {
    const xml = textXml({ to: 'gh_sign', from: 'o_bob', content: 'retry me', msgId: '1000000000000000001' });
    const answers = await Promise.all([push(app, 'wxsigntest000001', SIGN.token, xml), push(app, 'wxsigntest000001', SIGN.token, xml), push(app, 'wxsigntest000001', SIGN.token, xml)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await messages('wxsigntest000001')).filter((m) => m.rep_content === 'retry me')).toHaveLength(1);
  });

  it('stores a burst of concurrent pushes (with retries among them) once each, one follower per sender', async () => {
    const xmls = Array.from({ length: 20 }, (_, i) => textXml({ to: 'gh_sign', from: `o_burst_${i % 5}`, content: `burst ${i}`, msgId: String(6000000000000000000n + BigInt(i)) }));
    const answers = await Promise.all([...xmls, ...xmls, ...xmls].map((xml) => push(app, 'wxsigntest000001', SIGN.token, xml)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    const stored = (await messages('wxsigntest000001')).filter((m) => String(m.rep_content).startsWith('burst '));
    expect(stored.map((m) => m.rep_content).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `burst ${i}`).sort());
    const fans = await app.database.exclusive((exec) => exec(`select open_id, id from wx_user where app_id = $1 and open_id like 'o_burst_%'`, ['wxsigntest000001']));
    expect(fans).toHaveLength(5);
    for (const m of stored) expect(m.wx_user_id).toBe(fans.find((f) => f.open_id === m.open_id)!.id);
  });

  it('de-duplicates events by sender and CreateTime; subscribe counts, unsubscribe marks, subscribe revives', async () => {
    const t = 1_800_000_000;
    const sub = eventXml({ to: 'gh_sign', from: 'o_carol', event: 'subscribe', createTime: t, eventKey: 'qrscene_42' });
    await push(app, 'wxsigntest000001', SIGN.token, sub);
    await push(app, 'wxsigntest000001', SIGN.token, sub); // the platform's retry
    expect(await follower('wxsigntest000001', 'o_carol')).toMatchObject({ subscribe: '1', subscribe_num: 1, qr_scene_str: '42', subscribe_scene: 'ADD_SCENE_QR_CODE' });
    await push(app, 'wxsigntest000001', SIGN.token, eventXml({ to: 'gh_sign', from: 'o_carol', event: 'unsubscribe', createTime: t + 10 }));
    const left = await follower('wxsigntest000001', 'o_carol');
    expect(left).toMatchObject({ subscribe: '0' });
    expect(new Date(String(left!.cancel_subscribe_time)).getTime()).toBe((t + 10) * 1000);
    await push(app, 'wxsigntest000001', SIGN.token, eventXml({ to: 'gh_sign', from: 'o_carol', event: 'subscribe', createTime: t + 20 }));
    const back = await follower('wxsigntest000001', 'o_carol');
    expect(back).toMatchObject({ subscribe: '1', subscribe_num: 2, cancel_subscribe_time: null });
    expect(new Date(String(back!.subscribe_time)).getTime()).toBe((t + 20) * 1000);
    const events = (await messages('wxsigntest000001')).filter((m) => m.open_id === 'o_carol');
    expect(events.map((e) => e.rep_event)).toEqual(['subscribe', 'unsubscribe', 'subscribe']);
  });

  it('keeps location, link, click and view data', async () => {
    const t = Math.floor(Date.now() / 1000);
    await push(app, 'wxsigntest000001', SIGN.token, `<xml><ToUserName><![CDATA[gh_sign]]></ToUserName><FromUserName><![CDATA[o_dan]]></FromUserName><CreateTime>${t}</CreateTime><MsgType><![CDATA[location]]></MsgType><Location_X>23.134521</Location_X><Location_Y>113.358803</Location_Y><Scale>20</Scale><Label><![CDATA[广州塔]]></Label><MsgId>2000000000000000001</MsgId></xml>`);
    await push(app, 'wxsigntest000001', SIGN.token, eventXml({ to: 'gh_sign', from: 'o_dan', event: 'VIEW', createTime: t + 1, eventKey: 'https://example.com/menu' }));
    const rows = (await messages('wxsigntest000001')).filter((m) => m.open_id === 'o_dan');
    expect(rows[0]).toMatchObject({ rep_type: 'location', rep_location_x: 23.134521, rep_location_y: 113.358803, rep_scale: 20, rep_content: '广州塔' });
    expect(rows[1]).toMatchObject({ rep_type: 'event', rep_event: 'VIEW', rep_url: 'https://example.com/menu' });
  });

  it('refuses a bad signature (403), hostile XML (400) and an oversize body (413) without storing', async () => {
    const before = (await messages('wxsigntest000001')).length;
    const xml = textXml({ to: 'gh_sign', from: 'o_eve', content: 'x', msgId: '3000000000000000001' });
    const forged = await app.inject({ method: 'POST', url: `/weixin/portal/wxsigntest000001?signature=${'0'.repeat(40)}&timestamp=1&nonce=2`, headers: { 'content-type': 'text/xml' }, payload: xml });
    expect(forged.statusCode).toBe(403);
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><xml><ToUserName>gh_sign</ToUserName><FromUserName>o_eve</FromUserName><CreateTime>1</CreateTime><MsgType>text</MsgType><Content>&lol2;</Content><MsgId>3000000000000000002</MsgId></xml>`;
    const hostile = await push(app, 'wxsigntest000001', SIGN.token, bomb);
    expect(hostile.statusCode).toBe(400);
    const external = await push(app, 'wxsigntest000001', SIGN.token, `<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><Content>&e;</Content></xml>`);
    expect(external.statusCode).toBe(400);
    const broken = await push(app, 'wxsigntest000001', SIGN.token, '<xml><ToUserName>');
    expect(broken.statusCode).toBe(400);
    const huge = await push(app, 'wxsigntest000001', SIGN.token, textXml({ to: 'gh_sign', from: 'o_eve', content: 'x'.repeat(100_000), msgId: '3000000000000000003' }));
    expect(huge.statusCode).toBe(413);
    expect(await messages('wxsigntest000001')).toHaveLength(before);
  });
});

describe('replay window', () => {
  const pushAt = (timestamp: number, xml: string) => {
    const query = new URLSearchParams({ signature: reference.sign(SIGN.token, String(timestamp), '77'), timestamp: String(timestamp), nonce: '77', openid: 'x' });
    return app.inject({ method: 'POST', url: `/weixin/portal/wxsigntest000001?${query.toString()}`, headers: { 'content-type': 'text/xml' }, payload: xml });
  };

  it('refuses a correctly signed push whose timestamp is an hour old or ahead (403, not stored), accepts one a minute old', async () => {
    const now = Math.floor(Date.now() / 1000);
    const xml = (msgId: string) => textXml({ to: 'gh_sign', from: 'o_replay', content: `replay ${msgId}`, msgId });
    const old = await pushAt(now - 3600, xml('7000000000000000001'));
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 1, msg: REPLAY_REFUSED });
    const ahead = await pushAt(now + 3600, xml('7000000000000000002'));
    expect(ahead.statusCode).toBe(403);
    const recent = await pushAt(now - 60, xml('7000000000000000003'));
    expect(recent.statusCode).toBe(200);
    // The dedupe still holds inside the window: the platform's retry is stored once.
    expect((await pushAt(now - 55, xml('7000000000000000003'))).statusCode).toBe(200);
    const stored = (await messages('wxsigntest000001')).filter((m) => m.open_id === 'o_replay');
    expect(stored.map((m) => m.rep_content)).toEqual(['replay 7000000000000000003']);
  });
});

describe('safe mode (AES)', () => {
  it('our independent reference reproduces the published vector byte for byte', () => {
    expect(reference.encrypt(AES.plain, AES.aesKey, AES.appId, AES.random)).toBe(AES.encrypted);
    expect(reference.decrypt(AES.encrypted, AES.aesKey)).toEqual({ xml: AES.plain, appId: AES.appId });
  });

  // Signed now: the callback refuses a push signed more than five minutes away from its clock.
  const encryptedPush = (xml: string, appId = AES.appId, timestamp = String(Math.floor(Date.now() / 1000))) => {
    const encrypt = reference.encrypt(xml, AES.aesKey, appId, AES.random);
    const query = new URLSearchParams({
      signature: reference.sign(AES.token, timestamp, AES.nonce), timestamp, nonce: AES.nonce, openid: 'o_sec',
      encrypt_type: 'aes', msg_signature: reference.sign(AES.token, timestamp, AES.nonce, encrypt),
    });
    return app.inject({ method: 'POST', url: `/weixin/portal/${AES.appId}?${query.toString()}`, headers: { 'content-type': 'text/xml' }, payload: `<xml><ToUserName><![CDATA[gh_aes]]></ToUserName><Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>` });
  };

  it('decrypts a safe-mode push and encrypts the passive reply so that the platform can read it', async () => {
    const off = app.wxmp.portal.onIncomingMessage(({ message }) => message.repType === 'text' ? { msgType: 'text', content: `收到：${message.repContent}` } : null);
    try {
      const res = await encryptedPush(textXml({ to: 'gh_aes', from: 'o_sec', content: '加密的你好', msgId: '4000000000000000001', createTime: Number(AES.timestamp) }));
      expect(res.statusCode).toBe(200);
      const envelope = res.body;
      const encrypt = /<Encrypt><!\[CDATA\[(.+?)\]\]><\/Encrypt>/.exec(envelope)![1]!;
      const signature = /<MsgSignature><!\[CDATA\[(.+?)\]\]><\/MsgSignature>/.exec(envelope)![1]!;
      const timestamp = /<TimeStamp>(\d+)<\/TimeStamp>/.exec(envelope)![1]!;
      const nonce = /<Nonce><!\[CDATA\[(.+?)\]\]><\/Nonce>/.exec(envelope)![1]!;
      expect(signature).toBe(reference.sign(AES.token, timestamp, nonce, encrypt));
      const reply = reference.decrypt(encrypt, AES.aesKey);
      expect(reply.appId).toBe(AES.appId);
      expect(reply.xml).toContain('<ToUserName><![CDATA[o_sec]]></ToUserName>');
      expect(reply.xml).toContain('<FromUserName><![CDATA[gh_aes]]></FromUserName>');
      expect(reply.xml).toContain('<Content><![CDATA[收到：加密的你好]]></Content>');
      const [row] = await messages(AES.appId);
      expect(row).toMatchObject({ rep_content: '加密的你好', type: '1', read_flag: '0' });

      // The platform's retry gets the same reply, and nothing is stored twice.
      const again = await encryptedPush(textXml({ to: 'gh_aes', from: 'o_sec', content: '加密的你好', msgId: '4000000000000000001', createTime: Number(AES.timestamp) }));
      expect(again.body).toBe(envelope);
      expect(await messages(AES.appId)).toHaveLength(1);
    } finally {
      off();
    }
  });

  it('refuses a push encrypted for another AppID or with a wrong msg_signature', async () => {
    const other = await encryptedPush(textXml({ to: 'gh_aes', from: 'o_sec', content: 'x', msgId: '4000000000000000002' }), 'wx0000000000000000');
    expect(other.statusCode).toBe(400);
    const encrypt = reference.encrypt(textXml({ to: 'gh_aes', from: 'o_sec', content: 'x', msgId: '4000000000000000003' }), AES.aesKey, AES.appId, AES.random);
    const now = String(Math.floor(Date.now() / 1000));
    const query = new URLSearchParams({ signature: reference.sign(AES.token, now, AES.nonce), timestamp: now, nonce: AES.nonce, encrypt_type: 'aes', msg_signature: 'a'.repeat(40) });
    const forged = await app.inject({ method: 'POST', url: `/weixin/portal/${AES.appId}?${query.toString()}`, headers: { 'content-type': 'text/xml' }, payload: `<xml><Encrypt><![CDATA[${encrypt}]]></Encrypt></xml>` });
    expect(forged.statusCode).toBe(403);
  });
});

describe('listeners', () => {
  it('hear each new message once, with the stored row and the follower', async () => {
    const heard: string[] = [];
    const off = app.wxmp.portal.onIncomingMessage(({ message, follower }) => {
      heard.push(`${message.repContent}@${follower.openId}`);
    });
    try {
      const xml = textXml({ to: 'gh_sign', from: 'o_frank', content: 'hello listener', msgId: '5000000000000000001' });
      await push(app, 'wxsigntest000001', SIGN.token, xml);
      await push(app, 'wxsigntest000001', SIGN.token, xml);
      expect(heard).toEqual(['hello listener@o_frank']);
    } finally {
      off();
    }
  });
});
