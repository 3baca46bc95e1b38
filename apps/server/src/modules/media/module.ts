import { defineModule } from '../manifest.js';
import { mediaRoutes } from './routes.js';

/** Uploaded media files served at /media/…. */
export const mediaModule = defineModule({ name: 'media', plugin: mediaRoutes });
