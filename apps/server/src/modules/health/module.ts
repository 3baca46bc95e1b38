import { defineModule } from '../manifest.js';
import { healthModule as healthRoutes } from './routes.js';

/** Liveness and readiness for load balancers. */
export const healthModule = defineModule({ name: 'health', plugin: healthRoutes });
