import { defineModule } from '../manifest.js';
import { mediaRoutes } from './routes.js';

/** Stored media (avatars, dish photos, materials, follower media) served by key at /media/… and /weixin/media/…. */
export const mediaModule = defineModule({ name: 'media', plugin: mediaRoutes });
