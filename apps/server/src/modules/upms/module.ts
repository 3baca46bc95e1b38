import { defineModule } from '../manifest.js';
import { upmsRoutes, upmsSetup } from './plugin.js';
import { seedIdentity } from './seed.js';
import * as tables from './tables.js';

/** System management: users, roles, menus, departments, clients and the operation log. */
export const upmsModule = defineModule({ name: 'upms', setup: upmsSetup, plugin: upmsRoutes, tables, seed: seedIdentity });
