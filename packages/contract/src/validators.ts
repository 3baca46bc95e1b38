/**
 * The specification's validation rules (section 5), word for word. Each check returns the
 * message to show, or null when the value is fine, so forms and the server share one rule.
 */

/** Empty means null, undefined, empty string, empty array or empty object. */
export const isEmpty = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
};

export const phoneMessages = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

const mainlandMobile = /^1[3-9]\d{9}$/;

export const validatePhone = (value: unknown): string | null => {
  if (isEmpty(value)) return phoneMessages.empty;
  const text = String(value);
  if (text.length !== 11) return phoneMessages.length;
  if (!mainlandMobile.test(text)) return phoneMessages.format;
  return null;
};

export const urlMessage = '请输入以 http:// 或 https:// 开头的地址';
export const validateUrl = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//i.test(value) ? null : urlMessage;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;
export const CODE_LENGTH = 4;
export const passwordMessages = { empty: '请输入密码', length: '密码长度最少为6位' } as const;
export const codeMessages = { empty: '请输入验证码', length: '验证码长度为4位' } as const;

export const validatePassword = (value: unknown): string | null => {
  if (isEmpty(value)) return passwordMessages.empty;
  const n = String(value).length;
  return n < PASSWORD_MIN || n > PASSWORD_MAX ? passwordMessages.length : null;
};

export const validateCode = (value: unknown): string | null => {
  if (isEmpty(value)) return codeMessages.empty;
  return String(value).length === CODE_LENGTH ? null : codeMessages.length;
};

/** SMS sign-in codes: six digits (not the captcha's four characters), the same rule on both sides. */
export const SMS_CODE_LENGTH = 6;
export const smsCodeMessages = { empty: '请输入短信验证码', format: '短信验证码为6位数字' } as const;
const smsCodePattern = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

export const validateSmsCode = (value: unknown): string | null => {
  if (isEmpty(value)) return smsCodeMessages.empty;
  return smsCodePattern.test(String(value)) ? null : smsCodeMessages.format;
};

/** Upload limit for images and voice: strictly under 2 MB. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const VOICE_MAX_SECONDS = 60;

export interface UploadCandidate {
  name: string;
  size: number;
  /** MIME type as the browser reports it; may be empty. */
  type?: string;
}

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export const imageUploadMessages = { type: '上传图片格式不对!', size: '上传图片大小不能超过2M!' } as const;
export const voiceUploadMessages = { type: '上传语音格式不对!', size: '上传语音大小不能超过2M!' } as const;
export const IMAGE_EXTENSIONS = ['bmp', 'png', 'jpeg', 'jpg', 'gif'] as const;
export const VOICE_EXTENSIONS = ['mp3', 'wma', 'wav', 'amr'] as const;

const checkUpload =
  (extensions: readonly string[], messages: { type: string; size: string }) =>
  (file: UploadCandidate): string | null => {
    if (!extensions.includes(extensionOf(file.name))) return messages.type;
    if (file.size >= UPLOAD_MAX_BYTES) return messages.size;
    return null;
  };

export const validateImageUpload = checkUpload(IMAGE_EXTENSIONS, imageUploadMessages);
export const validateVoiceUpload = checkUpload(VOICE_EXTENSIONS, voiceUploadMessages);
