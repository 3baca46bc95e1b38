import { describe, expect, it } from 'vitest';
import {
  WechatXmlError,
  buildInboundXml,
  buildReplyXml,
  isEmptyReply,
  parseInboundMessage,
  parseReplyXml,
  type InboundMessage,
  type ReplyMessage,
} from './index.js';

const base = { toUserName: 'gh_c4e1a9d0b2f3', fromUserName: 'oCANTEEN0000000000000000001', createTime: 1_714_036_504 };
const msgId = '24602963221012345678'; // > 2^53: must survive as a string

const pushes: InboundMessage[] = [
  { ...base, msgType: 'text', content: '你好，今天有什么菜？', msgId },
  { ...base, msgType: 'text', content: '满意', msgId, bizmsgmenuid: '101' },
  { ...base, msgType: 'image', picUrl: 'http://127.0.0.1:8081/sim/files/1', mediaId: 'MEDIA_image', msgId },
  { ...base, msgType: 'voice', mediaId: 'MEDIA_voice', format: 'amr', recognition: '我要订座', msgId },
  { ...base, msgType: 'video', mediaId: 'MEDIA_video', thumbMediaId: 'MEDIA_thumb', msgId },
  { ...base, msgType: 'shortvideo', mediaId: 'MEDIA_video', thumbMediaId: 'MEDIA_thumb', msgId },
  { ...base, msgType: 'location', locationX: 23.134521, locationY: 113.358803, scale: 20, label: '广州市天河区', msgId },
  { ...base, msgType: 'link', title: '菜单', description: '本周菜单', url: 'https://example.com/menu', msgId, msgDataId: '2247483650', idx: 1 },
  { ...base, msgType: 'event', event: 'subscribe' },
  { ...base, msgType: 'event', event: 'subscribe', eventKey: 'qrscene_123', ticket: 'TICKET' },
  { ...base, msgType: 'event', event: 'unsubscribe' },
  { ...base, msgType: 'event', event: 'SCAN', eventKey: '123', ticket: 'TICKET' },
  { ...base, msgType: 'event', event: 'LOCATION', latitude: 23.137466, longitude: 113.352425, precision: 119.385 },
  { ...base, msgType: 'event', event: 'CLICK', eventKey: 'MENU_TODAY' },
  { ...base, msgType: 'event', event: 'VIEW', eventKey: 'https://example.com/', menuId: '208396938' },
  { ...base, msgType: 'event', event: 'scancode_push', eventKey: 'SCAN_1', scanCodeInfo: { scanType: 'qrcode', scanResult: 'T12' } },
  { ...base, msgType: 'event', event: 'scancode_waitmsg', eventKey: 'SCAN_2', scanCodeInfo: { scanType: 'qrcode', scanResult: 'T08' } },
  {
    ...base,
    msgType: 'event',
    event: 'pic_sysphoto',
    eventKey: 'PHOTO',
    sendPicsInfo: { count: 1, picList: [{ picMd5Sum: '1b5f7c23b5bf75682a53e7b6d163e185' }] },
  },
  {
    ...base,
    msgType: 'event',
    event: 'pic_photo_or_album',
    eventKey: 'ALBUM',
    sendPicsInfo: { count: 2, picList: [{ picMd5Sum: 'aaa' }, { picMd5Sum: 'bbb' }] },
  },
  { ...base, msgType: 'event', event: 'pic_weixin', eventKey: 'WX', sendPicsInfo: { count: 0, picList: [] } },
  {
    ...base,
    msgType: 'event',
    event: 'location_select',
    eventKey: 'LOC',
    sendLocationInfo: { locationX: 23, locationY: 113, scale: 15, label: '广州市海珠区', poiname: '食堂' },
  },
];

describe('pushes (follower → account)', () => {
  it.each(pushes.map((push) => [push.msgType === 'event' ? `event ${push.event}` : push.msgType, push] as const))(
    'round-trips %s through XML',
    (_name, push) => {
      const xml = buildInboundXml(push);
      expect(xml.startsWith('<xml><ToUserName><![CDATA[gh_c4e1a9d0b2f3]]></ToUserName><FromUserName>')).toBe(true);
      expect(parseInboundMessage(xml)).toEqual(push);
    },
  );

  it('writes the platform shape: bare CreateTime, MsgId last, Location_X names', () => {
    const xml = buildInboundXml(pushes[6]!);
    expect(xml).toBe(
      '<xml><ToUserName><![CDATA[gh_c4e1a9d0b2f3]]></ToUserName><FromUserName><![CDATA[oCANTEEN0000000000000000001]]></FromUserName>' +
        '<CreateTime>1714036504</CreateTime><MsgType><![CDATA[location]]></MsgType><Location_X>23.134521</Location_X>' +
        '<Location_Y>113.358803</Location_Y><Scale>20</Scale><Label><![CDATA[广州市天河区]]></Label><MsgId>24602963221012345678</MsgId></xml>',
    );
  });

  it('parses the documented sample of a text message (MsgId as a string)', () => {
    const message = parseInboundMessage(
      `<xml>
  <ToUserName><![CDATA[toUser]]></ToUserName>
  <FromUserName><![CDATA[fromUser]]></FromUserName>
  <CreateTime>1348831860</CreateTime>
  <MsgType><![CDATA[text]]></MsgType>
  <Content><![CDATA[this is a test]]></Content>
  <MsgId>1234567890123456</MsgId>
</xml>`,
    );
    expect(message).toEqual({
      toUserName: 'toUser',
      fromUserName: 'fromUser',
      createTime: 1348831860,
      msgType: 'text',
      content: 'this is a test',
      msgId: '1234567890123456',
    });
  });

  it('parses the scancode and pic events as nested elements', () => {
    const message = parseInboundMessage(
      '<xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName><![CDATA[o]]></FromUserName><CreateTime>1408090606</CreateTime>' +
        '<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[pic_weixin]]></Event><EventKey><![CDATA[6]]></EventKey>' +
        '<SendPicsInfo><Count>1</Count><PicList><item><PicMd5Sum><![CDATA[5a75aaca956d97be686719218f275c6b]]></PicMd5Sum></item></PicList></SendPicsInfo></xml>',
    );
    expect(message).toMatchObject({ event: 'pic_weixin', sendPicsInfo: { count: 1, picList: [{ picMd5Sum: '5a75aaca956d97be686719218f275c6b' }] } });
  });

  it('tolerates unknown events and message types', () => {
    const event = parseInboundMessage(
      '<xml><ToUserName>gh</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType>' +
        '<Event>TEMPLATESENDJOBFINISH</Event><MsgID>200163836</MsgID><Status>success</Status></xml>',
    );
    expect(event).toMatchObject({ msgType: 'event', event: 'other', rawEvent: 'TEMPLATESENDJOBFINISH', fields: { status: 'success' } });
    const other = parseInboundMessage(
      '<xml><ToUserName>gh</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>file</MsgType><Title>a.pdf</Title><MsgId>5</MsgId></xml>',
    );
    expect(other).toMatchObject({ msgType: 'other', rawMsgType: 'file', msgId: '5', fields: { title: 'a.pdf' } });
    expect(parseInboundMessage(buildInboundXml(other))).toEqual(other);
    expect(parseInboundMessage(buildInboundXml(event))).toEqual(event);
  });

  it('reads event names without regard to case and answers the canonical one', () => {
    const head = '<xml><ToUserName>gh</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType>';
    expect(parseInboundMessage(`${head}<Event>click</Event><EventKey>K</EventKey></xml>`)).toMatchObject({ event: 'CLICK', eventKey: 'K' });
    expect(parseInboundMessage(`${head}<Event>Subscribe</Event></xml>`)).toMatchObject({ event: 'subscribe' });
  });

  it('refuses pushes that lack what their type requires', () => {
    const cases = [
      '<xml><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>text</MsgType><Content>x</Content><MsgId>1</MsgId></xml>',
      '<xml><ToUserName>g</ToUserName><FromUserName>o</FromUserName><CreateTime>soon</CreateTime><MsgType>text</MsgType><Content>x</Content><MsgId>1</MsgId></xml>',
      '<xml><ToUserName>g</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>text</MsgType><MsgId>1</MsgId></xml>',
      '<xml><ToUserName>g</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>text</MsgType><Content>x</Content></xml>',
      '<xml><ToUserName>g</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>event</MsgType><Event>CLICK</Event></xml>',
      '<xml><ToUserName>g</ToUserName><FromUserName>o</FromUserName><CreateTime>1</CreateTime><MsgType>location</MsgType><Location_X>a</Location_X><Location_Y>1</Location_Y><Scale>1</Scale><Label>x</Label><MsgId>1</MsgId></xml>',
    ];
    for (const xml of cases) expect(() => parseInboundMessage(xml), xml).toThrow(expect.objectContaining({ code: 'MESSAGE_INVALID' }));
  });

  it('refuses hostile pushes before reading them', () => {
    expect(() => parseInboundMessage('<!DOCTYPE x [<!ENTITY a "b">]><xml><A>&a;</A></xml>')).toThrow(WechatXmlError);
  });
});

const replyBase = { toUserName: base.fromUserName, fromUserName: base.toUserName, createTime: 1_714_036_505 };
const replies: ReplyMessage[] = [
  { ...replyBase, msgType: 'text', content: '欢迎光临 <a href="https://example.com">菜单</a>' },
  { ...replyBase, msgType: 'image', image: { mediaId: 'M_IMAGE' } },
  { ...replyBase, msgType: 'voice', voice: { mediaId: 'M_VOICE' } },
  { ...replyBase, msgType: 'video', video: { mediaId: 'M_VIDEO', title: '门店', description: '环境' } },
  {
    ...replyBase,
    msgType: 'music',
    music: { title: '歌', description: '描述', musicUrl: 'http://m/1.mp3', hqMusicUrl: 'http://m/1hq.mp3', thumbMediaId: 'M_THUMB' },
  },
  { ...replyBase, msgType: 'news', articles: [{ title: '新品', description: '本周', picUrl: 'http://p/1.png', url: 'http://a/1' }] },
  { ...replyBase, msgType: 'transfer_customer_service', transInfo: { kfAccount: 'kf1@gh' } },
];

describe('passive replies (account → follower)', () => {
  it.each(replies.map((reply) => [reply.msgType, reply] as const))('round-trips %s through XML', (_name, reply) => {
    expect(parseReplyXml(buildReplyXml(reply))).toEqual(reply);
  });

  it('writes the documented element names', () => {
    expect(buildReplyXml(replies[4]!)).toContain('<Music><Title><![CDATA[歌]]></Title><Description><![CDATA[描述]]></Description>' +
      '<MusicUrl><![CDATA[http://m/1.mp3]]></MusicUrl><HQMusicUrl><![CDATA[http://m/1hq.mp3]]></HQMusicUrl><ThumbMediaId><![CDATA[M_THUMB]]></ThumbMediaId></Music>');
    expect(buildReplyXml(replies[5]!)).toContain('<ArticleCount>1</ArticleCount><Articles><item><Title><![CDATA[新品]]></Title>');
    expect(buildReplyXml(replies[1]!)).toContain('<Image><MediaId><![CDATA[M_IMAGE]]></MediaId></Image>');
  });

  it('keeps several news articles (the platform refuses them, the format does not)', () => {
    const two: ReplyMessage = { ...replyBase, msgType: 'news', articles: [{ title: 'a' }, { title: 'b' }] };
    expect(buildReplyXml(two)).toContain('<ArticleCount>2</ArticleCount>');
    expect(parseReplyXml(buildReplyXml(two))).toEqual(two);
  });

  it('refuses broken replies', () => {
    const head = '<xml><ToUserName>o</ToUserName><FromUserName>g</FromUserName><CreateTime>1</CreateTime>';
    for (const xml of [
      `${head}<MsgType>text</MsgType></xml>`,
      `${head}<MsgType>image</MsgType><Image></Image></xml>`,
      `${head}<MsgType>news</MsgType><ArticleCount>2</ArticleCount><Articles><item><Title>a</Title></item></Articles></xml>`,
      `${head}<MsgType>news</MsgType><ArticleCount>0</ArticleCount></xml>`,
      `${head}<MsgType>sticker</MsgType></xml>`,
    ]) {
      expect(() => parseReplyXml(xml), xml).toThrow(expect.objectContaining({ code: 'MESSAGE_INVALID' }));
    }
    expect(() => parseReplyXml('{"msgtype":"text"}')).toThrow(WechatXmlError);
  });

  it('recognises the empty answers', () => {
    expect(isEmptyReply('')).toBe(true);
    expect(isEmptyReply('success')).toBe(true);
    expect(isEmptyReply(Buffer.from(' success\n'))).toBe(true);
    expect(isEmptyReply('<xml/>')).toBe(false);
  });
});
