import type { FastifyRequest } from 'fastify';
import type { SimClock } from './clock.js';
import type { SimStore } from './state.js';

/** Size limits of uploads in bytes (the platform's documents disagree on images: 2 MB or 10 MB). */
export interface MediaLimits {
  image: number;
  voice: number;
  video: number;
  thumb: number;
  uploadimg: number;
  /** Longest voice clip in seconds. */
  voiceSeconds: number;
}

export const DEFAULT_LIMITS: MediaLimits = {
  image: 10 * 1024 * 1024,
  voice: 2 * 1024 * 1024,
  video: 10 * 1024 * 1024,
  thumb: 64 * 1024,
  uploadimg: 1024 * 1024,
  voiceSeconds: 60,
};

export interface SimSettings {
  /** Base URL the simulator writes into media URLs; by default the Host of the request. */
  publicUrl: string | null;
  /** The product's base URL, for the default callback `${productUrl}/weixin/portal/{appId}`. */
  productUrl: string;
  /** How long a push waits for the callback's answer before it retries (platform: 5 s). */
  callbackTimeoutMs: number;
  /** Tries of a push in total (platform: 3). */
  callbackAttempts: number;
  limits: MediaLimits;
  /** Pay notifications: how long one try waits, and the waits between tries (the platform's 15 s … 6 h). */
  payNotifyTimeoutMs: number;
  payNotifyBackoffMs: number[];
  /** A refund stays PROCESSING this long before it succeeds (0: SUCCESS in the answer). */
  refundDelayMs: number;
}

export interface SimContext {
  store: SimStore;
  clock: SimClock;
  settings: SimSettings;
}

/** The base URL for links the simulator hands out (media, avatars, video downloads). */
export function baseUrl(ctx: SimContext, request: FastifyRequest): string {
  if (ctx.settings.publicUrl) return ctx.settings.publicUrl.replace(/\/+$/, '');
  return `http://${request.headers.host ?? '127.0.0.1'}`;
}

export function fileUrl(base: string, fileId: string): string {
  return `${base}/sim/files/${fileId}`;
}
