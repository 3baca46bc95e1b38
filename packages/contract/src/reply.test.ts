import { describe, expect, it } from 'vitest';
import { REPLY_DESC_MAX, REPLY_NAME_MAX, REPLY_URL_MAX, replyFieldsSchema, replyProblem, storedReplySchema } from './reply.js';

describe('replyFieldsSchema', () => {
  it('names an unknown reply type and too many articles', () => {
    expect(replyFieldsSchema.safeParse({ repType: 'event' }).error?.issues[0]?.message).toBe('回复消息类型必须是 text、image、voice、video、music 或 news');
    const articles = Array.from({ length: 9 }, (_, i) => ({ title: `t${i}` }));
    expect(replyFieldsSchema.safeParse({ repType: 'news', content: { articles } }).error?.issues[0]?.message).toBe('图文最多8篇');
    expect(replyFieldsSchema.safeParse({ repType: 'text', repContent: 'x'.repeat(2049) }).error?.issues[0]?.message).toBe('不能超过2048个字符');
  });

  it('refuses a title, description or link over its named limit (the web editor uses the same numbers)', () => {
    expect([REPLY_NAME_MAX, REPLY_DESC_MAX, REPLY_URL_MAX]).toEqual([256, 1024, 2048]);
    const limits = { repName: REPLY_NAME_MAX, repDesc: REPLY_DESC_MAX, repUrl: REPLY_URL_MAX, repHqUrl: REPLY_URL_MAX, repThumbUrl: REPLY_URL_MAX };
    for (const [field, max] of Object.entries(limits)) {
      expect(replyFieldsSchema.safeParse({ repType: 'music', [field]: 'x'.repeat(max) }).success).toBe(true);
      expect(replyFieldsSchema.safeParse({ repType: 'music', [field]: 'x'.repeat(max + 1) }).error?.issues[0]?.message).toBe(`不能超过${max}个字符`);
    }
  });

  it('keeps an article’s extra fields', () => {
    const parsed = replyFieldsSchema.parse({ repType: 'news', content: { articles: [{ title: 'a', author: 'b' }] } });
    expect(parsed.content?.articles[0]).toEqual({ title: 'a', author: 'b' });
  });
});

describe('storedReplySchema', () => {
  it('takes every field, null when unset', () => {
    const none = { repType: null, repContent: null, repMediaId: null, repName: null, repDesc: null, repUrl: null, repHqUrl: null, repThumbMediaId: null, repThumbUrl: null, content: null };
    expect(storedReplySchema.parse(none)).toEqual(none);
    expect(storedReplySchema.safeParse({ repType: 'text' }).success).toBe(false);
  });
});

describe('replyProblem', () => {
  it('names the first missing part of each reply type', () => {
    expect(replyProblem({ repType: 'text', repContent: '  ' })).toBe('请输入回复的文本内容');
    expect(replyProblem({ repType: 'text', repContent: 'hi' })).toBeNull();
    expect(replyProblem({ repType: 'image' })).toBe('请选择回复的图片');
    expect(replyProblem({ repType: 'voice' })).toBe('请选择回复的语音');
    expect(replyProblem({ repType: 'video' })).toBe('请选择回复的视频');
    expect(replyProblem({ repType: 'video', repMediaId: 'm' })).toBeNull();
    expect(replyProblem({ repType: 'music' })).toBe('请输入音乐链接');
    expect(replyProblem({ repType: 'music', repUrl: 'https://x' })).toBe('请选择音乐的缩略图');
    expect(replyProblem({ repType: 'music', repUrl: 'https://x', repThumbMediaId: 't' })).toBeNull();
    expect(replyProblem({ repType: 'news', content: { articles: [] } })).toBe('请选择回复的图文');
    expect(replyProblem({ repType: 'news', content: { articles: [{ title: 'a' }] } })).toBeNull();
  });
});
