import { describe, expect, it } from 'vitest';
import '../../../shared/i18n';
import { checkUpload } from './upload';
import { replyFromMaterial, validateReply } from './reply';
import type { Material } from '../api';

const MB = 1024 * 1024;

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
    expect(validateReply({ repType: 'news', repMediaId: 'm' })).toBeNull();
    expect(validateReply({ repType: 'music', repName: 'x' })).toBe('请填写音乐链接');
    expect(validateReply({ repType: 'music', repUrl: 'ftp://x' })).toBe('请输入以 http:// 或 https:// 开头的地址');
    expect(validateReply({ repType: 'music', repUrl: 'https://x', repHqUrl: 'https://y' })).toBeNull();
  });

  it('keeps a music reply and sets its thumbnail from an image', () => {
    const image = { mediaId: 'i', url: '/i.png', name: 'i.png' } as Material;
    expect(replyFromMaterial('music', image, { repType: 'music', repName: 'song' })).toEqual({ repType: 'music', repName: 'song', repThumbMediaId: 'i', repThumbUrl: '/i.png' });
  });
});
