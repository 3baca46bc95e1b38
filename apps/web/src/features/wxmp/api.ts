import { saveBlob } from '../../shared/http/save-blob';
import { api, HttpError } from '../../shared/http/client';
import type { Envelope, WxAccessInfo, WxAccount, WxArticleInput, WxFollower, WxMaterial, WxMaterialPage, WxSyncProgress, WxUserTag, WxVideoDetail } from '@canteen/contract';

/** Records and calls of the messaging-account API (`apps/server/src/modules/wxmp`). */

export type { MsgMode } from '@canteen/contract';

/** A messaging account; `secret`, `token` and `aesKey` come masked (e.g. `4f1c****a9b8`) and, sent back unchanged, keep the stored values. */
export type Account = WxAccount;
export type AccessInfo = WxAccessInfo;
export type Follower = WxFollower;
export type SyncProgress = WxSyncProgress;
export type UserTag = WxUserTag;

export type MaterialType = 'image' | 'voice' | 'video' | 'news';
export type UploadType = 'image' | 'voice' | 'video' | 'thumb';

/** One article of a news material: the fields sent, plus the cover and page URLs the server adds. */
export type Article = WxArticleInput & { thumbUrl?: string | null; url?: string | null };

/** A material; the contract leaves a news material's articles open, here they are read as articles. */
export type Material = Omit<WxMaterial, 'content'> & { content: { articles: Article[] } | null };

export type MaterialPage = Omit<WxMaterialPage, 'items'> & { items: Material[] };

export type VideoDetail = WxVideoDetail;

export const listAccounts = () => api.get<Account[]>('/weixin/wxapp/list', { params: { appType: '2' } });

export const materialPage = (params: { appId: string; type: MaterialType; current: number; size: number }) =>
  api.get<MaterialPage>('/weixin/wxmaterial/page', { params });

export const listTags = (appId: string) => api.get<UserTag[]>('/weixin/wxusertags/list', { params: { appId } });

export const deleteMaterial = (appId: string, mediaId: string) => api.delete<null>('/weixin/wxmaterial', { params: { appId, id: mediaId } });

export const createNews = (appId: string, articles: Article[]) => api.post<Material>('/weixin/wxmaterial/materialNews', { appId, articles });
export const updateNews = (appId: string, mediaId: string, articles: Article[]) =>
  api.put<Material>('/weixin/wxmaterial/materialNews', { appId, mediaId, articles });

export const videoDetail = (appId: string, mediaId: string) => api.get<VideoDetail>('/weixin/wxmaterial/materialVideo', { params: { appId, mediaId } });


/** Downloads a permanent image or voice (`materialOther`). */
export async function downloadMaterial(appId: string, material: Pick<Material, 'mediaId' | 'name'>) {
  const fileName = material.name ?? material.mediaId;
  saveBlob(await api.blob('/weixin/wxmaterial/materialOther', { params: { appId, mediaId: material.mediaId, fileName } }), fileName);
}

/**
 * `POST /weixin/wxmaterial/materialFileUpload` (multipart appId, mediaType, title, introduction,
 * file; bearer header added by the client). Success when `code` is "0" or 0 with `data` the material;
 * any failure rejects, quietly, with an `HttpError` whose message is shown after 上传出错：.
 */
export async function uploadMaterial(input: { appId: string; mediaType: UploadType; file: File; title?: string; introduction?: string }): Promise<Material> {
  const form = new FormData();
  form.append('appId', input.appId);
  form.append('mediaType', input.mediaType);
  form.append('title', input.title ?? '');
  form.append('introduction', input.introduction ?? '');
  form.append('file', input.file, input.file.name);
  const envelope = await api.envelope<Material>({ method: 'POST', url: '/weixin/wxmaterial/materialFileUpload', data: form, silent: true });
  if (isSuccess(envelope) && envelope.data) return envelope.data;
  throw new HttpError(200, envelope.msg ?? '', envelope);
}

const isSuccess = (envelope: Envelope<unknown>) => String(envelope.code) === '0';
