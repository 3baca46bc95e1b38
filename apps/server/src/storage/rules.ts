import { IMAGE_EXTENSIONS, imageUploadMessages, UPLOAD_MAX_BYTES, VOICE_EXTENSIONS, voiceUploadMessages } from '@canteen/contract';
import type { MediaKind } from './media-types.js';

/** What one use of uploading accepts: checked by the pipeline (`uploads.ts`) before anything is stored. */
export interface UploadRule {
  /** Allowed extensions of the file's name, lower case. */
  extensions: readonly string[];
  /** Allowed kinds, as the bytes say (`sniff`); the name alone never decides. */
  kinds: readonly MediaKind[];
  /** The largest size allowed, in bytes (inclusive); larger is refused with 413 while streaming. */
  maxBytes: number;
  /** Wrong type (415), too big (413), no file or an empty one (400). */
  messages: { type: string; size: string; missing?: string };
  /** The storage folder of its keys (`<folder>/<random>.<kind>`). */
  folder: string;
  /** The form field that must carry the file; any field when not given. */
  field?: string;
}

/** 视频 10 MB and 缩略图 64 KB: the platform's limits (the specification sets image and voice). */
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;
export const THUMB_MAX_BYTES = 64 * 1024;
const images: MediaKind[] = ['png', 'jpg', 'gif', 'bmp'];

/**
 * Every use of uploading, by name: `app.uploads.receive(request, 'avatar')`. The specification
 * (section 5) says image bmp/png/jpeg/jpg/gif and voice mp3/wma/wav/amr, each under 2 MB.
 */
export const uploadRules = {
  avatar: { extensions: IMAGE_EXTENSIONS, kinds: images, maxBytes: UPLOAD_MAX_BYTES - 1, messages: { ...imageUploadMessages, missing: 'file: 请选择要上传的图片' }, folder: 'avatar', field: 'file' },
  /**
   * A dish's photo (the store's catalogue): JPG, PNG or WebP up to 2 MB. No thumbnail is made:
   * no image library is installed, so the web scales the picture (it is at most 2 MB).
   */
  dishPhoto: { extensions: ['jpg', 'jpeg', 'png', 'webp'], kinds: ['jpg', 'png', 'webp'], maxBytes: 2 * 1024 * 1024, messages: { type: '菜品图片只能是 JPG、PNG 或 WebP 格式!', size: '菜品图片大小不能超过2M!', missing: 'file: 请选择菜品图片' }, folder: 'dish', field: 'file' },
  /** A store's logo (门店信息): JPG, PNG or WebP up to 2 MB, like a dish photo. */
  storeLogo: { extensions: ['jpg', 'jpeg', 'png', 'webp'], kinds: ['jpg', 'png', 'webp'], maxBytes: 2 * 1024 * 1024, messages: { type: '门店Logo只能是 JPG、PNG 或 WebP 格式!', size: '门店Logo大小不能超过2M!', missing: 'file: 请选择门店Logo图片' }, folder: 'store', field: 'file' },
  materialImage: { extensions: IMAGE_EXTENSIONS, kinds: images, maxBytes: UPLOAD_MAX_BYTES - 1, messages: imageUploadMessages, folder: 'material' },
  materialVoice: { extensions: VOICE_EXTENSIONS, kinds: ['mp3', 'wma', 'wav', 'amr'], maxBytes: UPLOAD_MAX_BYTES - 1, messages: voiceUploadMessages, folder: 'material' },
  materialVideo: { extensions: ['mp4'], kinds: ['mp4'], maxBytes: VIDEO_MAX_BYTES - 1, messages: { type: '上传视频格式不对!', size: '上传视频大小不能超过10M!' }, folder: 'material' },
  materialThumb: { extensions: ['jpg', 'jpeg'], kinds: ['jpg'], maxBytes: THUMB_MAX_BYTES - 1, messages: { type: '上传缩略图格式不对!', size: '上传缩略图大小不能超过64K!' }, folder: 'material' },
} as const satisfies Record<string, UploadRule>;

export type UploadUse = keyof typeof uploadRules;

/** The largest file any rule accepts: what a route reads before it knows its rule (materials choose by field). */
export const LARGEST_UPLOAD_BYTES = Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));
