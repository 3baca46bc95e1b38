import { describe, expect, it } from 'vitest';
import {
  isEmpty, validateCode, validateSmsCode, validateImageUpload, validatePassword, validatePhone, validateUrl,
  validateVoiceUpload, UPLOAD_MAX_BYTES,
} from './validators.js';

describe('isEmpty', () => {
  it.each([null, undefined, '', [], {}])('treats %j as empty', (v) => expect(isEmpty(v)).toBe(true));
  it.each([0, false, ' ', [0], { a: 1 }])('treats %j as present', (v) => expect(isEmpty(v)).toBe(false));
});

describe('validatePhone', () => {
  it('names an empty phone first', () => {
    for (const v of [null, undefined, '', [], {}]) expect(validatePhone(v)).toBe('手机号码不能为空');
  });
  it('then a length other than 11', () => {
    expect(validatePhone('1381234567')).toBe('手机号码长度不为11位');
    expect(validatePhone('138123456789')).toBe('手机号码长度不为11位');
  });
  it('then a bad format', () => {
    expect(validatePhone('12812345678')).toBe('手机号码格式不正确');
    expect(validatePhone('1381234567a')).toBe('手机号码格式不正确');
  });
  it('accepts a mainland mobile number', () => expect(validatePhone('13812345678')).toBeNull());
});

describe('validateUrl', () => {
  it('needs http or https at the start', () => {
    expect(validateUrl('https://example.com')).toBeNull();
    expect(validateUrl('http://example.com')).toBeNull();
    expect(validateUrl('ftp://example.com')).not.toBeNull();
    expect(validateUrl('example.com/http://')).not.toBeNull();
    expect(validateUrl(undefined)).not.toBeNull();
  });
});

describe('login fields', () => {
  it('password is 6 to 12 characters', () => {
    expect(validatePassword('')).toBe('请输入密码');
    expect(validatePassword('12345')).toBe('密码长度最少为6位');
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('123456789012')).toBeNull();
    expect(validatePassword('1234567890123')).toBe('密码长度最少为6位');
  });
  it('code is 4 characters', () => {
    expect(validateCode('')).toBe('请输入验证码');
    expect(validateCode('abc')).toBe('验证码长度为4位');
    expect(validateCode('abcd')).toBeNull();
  });
});

describe('uploads', () => {
  it('accepts each image type under 2 MB, case-insensitively', () => {
    for (const ext of ['bmp', 'png', 'jpeg', 'jpg', 'GIF']) {
      expect(validateImageUpload({ name: `a.${ext}`, size: 1000 })).toBeNull();
    }
  });
  it('refuses another image type, then a size of 2 MB or more', () => {
    expect(validateImageUpload({ name: 'a.webp', size: 10 })).toBe('上传图片格式不对!');
    expect(validateImageUpload({ name: 'a.png', size: UPLOAD_MAX_BYTES })).toBe('上传图片大小不能超过2M!');
    expect(validateImageUpload({ name: 'a.png', size: UPLOAD_MAX_BYTES - 1 })).toBeNull();
  });
  it('checks voice the same way', () => {
    for (const ext of ['mp3', 'wma', 'wav', 'amr']) expect(validateVoiceUpload({ name: `v.${ext}`, size: 1 })).toBeNull();
    expect(validateVoiceUpload({ name: 'v.ogg', size: 1 })).toBe('上传语音格式不对!');
    expect(validateVoiceUpload({ name: 'v.mp3', size: 3 * 1024 * 1024 })).toBe('上传语音大小不能超过2M!');
  });
});

describe('validateSmsCode', () => {
  it('wants six digits, not the captcha\'s four characters', () => {
    expect(validateSmsCode('')).toBe('请输入短信验证码');
    expect(validateSmsCode('1234')).toBe('短信验证码为6位数字');
    expect(validateSmsCode('12345a')).toBe('短信验证码为6位数字');
    expect(validateSmsCode('012345')).toBeNull();
  });
});
