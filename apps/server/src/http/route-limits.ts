import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { RateLimitKind } from '@canteen/contract';
import { TooManyRequests } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is costly: its hits are limited per user and per client address (route-limits.ts). */
    rateLimit?: RateLimitKind;
  }
}

/** A fixed-window limit: at most `max` hits per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** A costly kind's limits: per signed-in user, and per client address (several users may share one). */
export interface RouteLimit {
  perUser: Limit;
  perAddress: Limit;
}

const perMinute = (max: number): Limit => ({ max, windowSeconds: 60 });

/**
 * How often each kind of costly route may be called, per route. Generous for a person at the
 * screens (a burst of uploads, every table's QR code opened in turn) and far below what would
 * tie up the server or the platform's API quota.
 */
export const routeLimits: Record<RateLimitKind, RouteLimit> = {
  upload: { perUser: perMinute(30), perAddress: perMinute(120) },
  export: { perUser: perMinute(60), perAddress: perMinute(240) },
  platformSync: { perUser: perMinute(6), perAddress: perMinute(20) },
  check: { perUser: perMinute(6), perAddress: perMinute(20) },
  batch: { perUser: perMinute(20), perAddress: perMinute(60) },
};

/** Counts one hit on a shared counter: the hits in its current window and the seconds until it ends. */
export type TakeHit = (key: string, limit: Limit) => Promise<{ hits: number; retryAfterSeconds: number }>;

/**
 * Rate limits on costly routes, declared by the route (`config.rateLimit`, which a contract
 * endpoint carries in its `access`): checked when the request arrives, after access control
 * (so the user is known) and before the body is read, so a refused upload costs no bytes.
 * Counters are the sign-in limiter's, kept in the database and so shared by every instance.
 * Register after access control, before any route.
 */
export const routeRateLimits = fp<{ take: TakeHit; limits?: Record<RateLimitKind, RouteLimit> }>(
  async (app, { take, limits: limitsOf = routeLimits }) => {
    app.addHook('onRoute', (route) => {
      const kind = route.config?.rateLimit;
      if (kind !== undefined && !(kind in limitsOf)) throw new Error(`Route ${route.url} declares an unknown rate limit ${String(kind)}`);
    });

    const check = async (request: FastifyRequest, kind: RateLimitKind) => {
      const limits = limitsOf[kind];
      const route = `${request.method} ${request.routeOptions.url}`;
      const counters: Array<[string, Limit]> = [[`route:${route}:addr:${request.ip}`, limits.perAddress]];
      if (request.user) counters.push([`route:${route}:user:${request.user.id}`, limits.perUser]);
      let retryAfterSeconds = 0;
      for (const [key, limit] of counters) {
        const counted = await take(key, limit);
        if (counted.hits > limit.max) retryAfterSeconds = Math.max(retryAfterSeconds, counted.retryAfterSeconds);
      }
      if (retryAfterSeconds > 0) throw new TooManyRequests(retryAfterSeconds);
    };
    // A callback hook: a route without a limit (most) passes with no promise made.
    app.addHook('onRequest', (request, _reply, done) => {
      const kind = request.routeOptions.config.rateLimit;
      if (!kind) {
        done();
        return;
      }
      check(request, kind).then(() => done(), done);
    });
  },
  { name: 'route-rate-limits' },
);
