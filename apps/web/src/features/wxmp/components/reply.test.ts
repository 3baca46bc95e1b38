import { describe, expect, it } from 'vitest';
import { replyProblem } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { checkUpload } from './upload';
import { replyFromMaterial, validateReply, type Reply } from './reply';
import type { Material } from '../api';

const MB = 1024 * 1024;
const article = { title: '本周新菜', thumbMediaId: 'i', content: '<p>a</p>' };

describe('upload checks', () => {
  it('uses the specification messages for image and voice', () => {
    expect(checkUpload('image', { name: 'a.txt', size: 10 })).toBe('上传图片格式不对!');
    expect(checkUpload('image', { name: 'a.PNG', size: 3 * MB })).toBe('上传图片大小不能超过2M!');
    expect(checkUpload('image', { name: 'a.jpeg', size: 2 * MB - 1 })).toBeNull();
    expect(checkUpload('voice', { name: 'a.ogg', size: 10 })).toBe('上传语音格式不对!');
    expect(checkUpload('voice', { name: 'a.amr', size: 2 * MB })).toBe('上传语音大小不能超过2M!');
    expect(checkUpload('voice', { name: 'a.mp3', size: 10 })).toBeNull();
  });

  it('takes MP4 video under 10M', () => {
    expect(checkUpload('video', { name: 'a.avi', size: 10 })).toBe('上传视频格式不对!');
    expect(checkUpload('video', { name: 'a.mp4', size: 10 * MB })).toBe('上传视频大小不能超过10M!');
    expect(checkUpload('video', { name: 'a.mp4', size: MB })).toBeNull();
  });
});

describe('replies', () => {
  it('validates each reply type', () => {
    expect(validateReply({ repType: 'text', repContent: '  ' })).toBe('请输入回复内容');
    expect(validateReply({ repType: 'text', repContent: 'hi' })).toBeNull();
    expect(validateReply({ repType: 'image' })).toBe('请选择图片');
    expect(validateReply({ repType: 'news', repMediaId: 'm', repName: 'a', content: { articles: [article] } })).toBeNull();
    expect(validateReply({ repType: 'music', repName: 'x' })).toBe('请填写音乐链接');
    expect(validateReply({ repType: 'music', repUrl: 'ftp://x' })).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(validateReply({ repType: 'music', repUrl: 'https://x', repHqUrl: 'https://y', repThumbMediaId: 't' })).toBeNull();
  });

  it('wants the articles of a news reply, not the material id (the server keeps only the articles)', () => {
    expect(validateReply({ repType: 'news', repMediaId: 'm' })).toBe('请选择图文');
    expect(validateReply({ repType: 'news', repMediaId: 'm', content: { articles: [] } })).toBe('请选择图文');
    // A stored news reply as the server answers it: no media id, the articles only.
    expect(validateReply({ repType: 'news', content: { articles: [article] } })).toBeNull();
  });

  it("wants a music thumbnail, with the server's text, after the links", () => {
    expect(validateReply({ repType: 'music', repUrl: 'https://x' })).toBe('请选择音乐的缩略图');
    expect(validateReply({ repType: 'music', repUrl: 'https://x', repHqUrl: 'https://y', repThumbUrl: '/t.png' })).toBe('请选择音乐的缩略图');
    expect(validateReply({ repType: 'music', repUrl: 'ftp://x', repThumbMediaId: 't' })).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(validateReply({ repType: 'music', repUrl: 'https://x', repThumbMediaId: 't' })).toBeNull();
  });

  it('has English texts for the new reply problem', () => {
    expect(i18n.getFixedT('en-US')('wxmp.reply.missing.musicThumb')).toBe('Choose a thumbnail for the music');
  });

  it("refuses every reply the server's replyProblem refuses", () => {
    const articles = [article];
    const replies: Reply[] = [
      { repType: 'text' }, { repType: 'text', repContent: ' ' }, { repType: 'text', repContent: 'hi' },
      ...(['image', 'voice', 'video'] as const).flatMap((repType): Reply[] => [{ repType }, { repType, repName: 'n', repUrl: '/u' }, { repType, repMediaId: 'm' }]),
      { repType: 'news' }, { repType: 'news', repMediaId: 'm', repName: 'a' }, { repType: 'news', repMediaId: 'm', content: { articles: [] } },
      { repType: 'news', content: { articles } }, { repType: 'news', repMediaId: 'm', content: { articles } },
      { repType: 'music' }, { repType: 'music', repName: 'x', repThumbMediaId: 't' }, { repType: 'music', repUrl: 'https://x' },
      { repType: 'music', repUrl: 'https://x', repThumbUrl: '/t.png' }, { repType: 'music', repUrl: 'https://x', repThumbMediaId: 't' },
      { repType: 'music', repUrl: 'https://x', repHqUrl: 'https://y', repThumbMediaId: 't' },
    ];
    for (const reply of replies) {
      const server = replyProblem(reply);
      const web = validateReply(reply);
      if (server) expect(web, JSON.stringify(reply)).not.toBeNull();
      else expect(web, JSON.stringify(reply)).toBeNull();
    }
  });

  it('keeps a music reply and sets its thumbnail from an image', () => {
    const image = { mediaId: 'i', url: '/i.png', name: 'i.png' } as Material;
    expect(replyFromMaterial('music', image, { repType: 'music', repName: 'song' })).toEqual({ repType: 'music', repName: 'song', repThumbMediaId: 'i', repThumbUrl: '/i.png' });
  });
});
