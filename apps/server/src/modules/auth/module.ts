import { defineModule } from '../manifest.js';
import { identityAccess, identityRoutes } from './plugin.js';
import * as tables from './tables.js';

/** Identity: sign-in, tokens, captchas, and the access control every route goes through. */
export const authModule = defineModule({ name: 'auth', setup: identityAccess, plugin: identityRoutes, tables });
