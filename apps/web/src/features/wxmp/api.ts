import { api, HttpError } from '../../shared/http/client';
import type { Envelope } from '@canteen/contract';

/** Records and calls of the messaging-account API (`apps/server/src/modules/wxmp`). */

export type MsgMode = 'plain' | 'compatible' | 'safe';

export interface Account {
  id: string;
  appId: string;
  name: string;
  weixinType: string;
  verifyType: string;
  weixinSign: string;
  /** Masked by the server (e.g. `4f1c****a9b8`); sent back unchanged it keeps the stored value. */
  secret: string;
  token: string;
  aesKey: string;
  msgMode: MsgMode;
  logo: string | null;
  principalName: string | null;
  remarks: string | null;
  createTime: string | null;
  updateTime: string | null;
}

export interface AccessInfo {
  appId: string;
  url: string;
  token: string;
  aesKey: string;
  msgMode: MsgMode;
}

export interface Follower {
  id: string;
  appId: string;
  openId: string;
  unionId: string | null;
  subscribe: string;
  subscribeScene: string | null;
  subscribeTime: string | null;
  subscribeNum: number;
  nickName: string | null;
  headimgUrl: string | null;
  sex: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  language: string | null;
  remark: string | null;
  tagidList: number[];
  createTime: string | null;
}

export interface SyncProgress {
  appId: string;
  state: 'idle' | 'running' | 'done' | 'failed';
  total: number;
  done: number;
  percent: number;
  message: string | null;
}

export interface UserTag {
  id: number;
  name: string;
  count: number;
}

export type MaterialType = 'image' | 'voice' | 'video' | 'news';
export type UploadType = 'image' | 'voice' | 'video' | 'thumb';

/** One article of a news material. */
export interface Article {
  title: string;
  thumbMediaId: string;
  thumbUrl?: string | null;
  author?: string | null;
  digest?: string | null;
  content: string;
  contentSourceUrl?: string | null;
  showCoverPic?: number;
  url?: string | null;
}

export interface Material {
  id: string;
  mediaId: string;
  type: MaterialType | 'thumb';
  name: string | null;
  url: string | null;
  title: string | null;
  introduction: string | null;
  size: number | null;
  updateTime: string | null;
  content: { articles: Article[] } | null;
}

export interface MaterialPage {
  items: Material[];
  totalCount: number;
}

export interface VideoDetail {
  title: string;
  description: string;
  downUrl: string;
}

export const ACCOUNT_LIST_KEY = ['/weixin/wxapp', 'list'] as const;
export const MATERIAL_KEY = '/weixin/wxmaterial';

export const listAccounts = () => api.get<Account[]>('/weixin/wxapp/list', { params: { appType: '2' } });

export const materialPage = (params: { appId: string; type: MaterialType; current: number; size: number }) =>
  api.get<MaterialPage>('/weixin/wxmaterial/page', { params });

export const listTags = (appId: string) => api.get<UserTag[]>('/weixin/wxusertags/list', { params: { appId } });

export const deleteMaterial = (appId: string, mediaId: string) => api.delete<null>('/weixin/wxmaterial', { params: { appId, id: mediaId } });

export const createNews = (appId: string, articles: Article[]) => api.post<Material>('/weixin/wxmaterial/materialNews', { appId, articles });
export const updateNews = (appId: string, mediaId: string, articles: Article[]) =>
  api.put<Material>('/weixin/wxmaterial/materialNews', { appId, mediaId, articles });

export const videoDetail = (appId: string, mediaId: string) => api.get<VideoDetail>('/weixin/wxmaterial/materialVideo', { params: { appId, mediaId } });

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a permanent image or voice (`materialOther`). */
export async function downloadMaterial(appId: string, material: Pick<Material, 'mediaId' | 'name'>) {
  const fileName = material.name ?? material.mediaId;
  saveBlob(await api.blob('/weixin/wxmaterial/materialOther', { params: { appId, mediaId: material.mediaId, fileName } }), fileName);
}

/** The upload call's outcome: the material, or the message to show after 上传出错：. */
export type UploadResult = { ok: true; material: Material } | { ok: false; message: string };

/**
 * `POST /weixin/wxmaterial/materialFileUpload` (multipart appId, mediaType, title, introduction,
 * file; bearer header added by the client). Success when `code` is "0" or 0 with `data` the material.
 */
export async function uploadMaterial(input: { appId: string; mediaType: UploadType; file: File; title?: string; introduction?: string }): Promise<UploadResult> {
  const form = new FormData();
  form.append('appId', input.appId);
  form.append('mediaType', input.mediaType);
  form.append('title', input.title ?? '');
  form.append('introduction', input.introduction ?? '');
  form.append('file', input.file, input.file.name);
  try {
    const envelope = await api.envelope<Material>({ method: 'POST', url: '/weixin/wxmaterial/materialFileUpload', data: form, silent: true });
    if (isSuccess(envelope) && envelope.data) return { ok: true, material: envelope.data };
    return { ok: false, message: envelope.msg ?? '' };
  } catch (error) {
    return { ok: false, message: error instanceof HttpError ? error.message : String(error) };
  }
}

const isSuccess = (envelope: Envelope<unknown>) => String(envelope.code) === '0';
