import type { Seeder } from '../db/seed.js';
import { seedIdentity } from './upms/seed.js';
import { seedWxmp } from './wxmp/seed.js';

/** Every module's seed step, in dependency order. */
export const seeders: Seeder[] = [seedIdentity, seedWxmp];
