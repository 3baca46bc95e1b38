import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE, unavailableDependency } from './unavailable.js';

const status = (error: unknown) => {
  const answer = unavailableDependency(error);
  return answer && [answer.status, answer.message];
};
const coded = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a dependency that is down', () => {
  it('the database: lost or refused connections and PostgreSQL shutting down are a 503 naming it, also when wrapped', () => {
    for (const error of [
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      coded('terminating connection due to administrator command', '57P01'),
      coded('the database system is starting up', '57P03'),
      coded('sorry, too many clients already', '53300'),
      coded('connection failure', '08006'),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
    ]) expect(status(error)).toEqual([503, DATABASE_UNAVAILABLE]);
  });

  it('Redis: a command given up while the connection is down is a 503 naming it', () => {
    expect(status(Object.assign(new Error('Reached the max retries per request limit (which is 2).'), { name: 'MaxRetriesPerRequestError' }))).toEqual([503, REDIS_UNAVAILABLE]);
    expect(status(new Error('Connection is closed.'))).toEqual([503, REDIS_UNAVAILABLE]);
  });

  it('leaves everything else to the other translations', () => {
    expect(status(coded('duplicate key value', '23505'))).toBeUndefined();
    expect(status(new Error('boom'))).toBeUndefined();
    expect(status(undefined)).toBeUndefined();
  });
});
