import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import type { Secrets } from '../../platform/secrets.js';
import type { WechatClient } from '../../platform/wechat/client.js';
import type { MediaStorage } from '../../storage/storage.js';

/** Short background work that outlives a request (follower refreshes, media copies); awaited on close. Syncs are jobs (`jobs`). */
export class Background {
  private readonly running = new Set<Promise<unknown>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task = work()
      .catch((error: unknown) => this.log.warn({ err: error }, `background ${name} failed`))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}

/** What every part of the messaging module works with. */
export interface WxmpContext {
  config: Config;
  database: Database;
  secrets: Secrets;
  client: WechatClient;
  storage: MediaStorage;
  background: Background;
  /** The app's job runner (`app.jobs`): the account syncs register their kinds on it. */
  jobs: Pick<JobRunner, 'register'>;
  log: FastifyBaseLogger;
}

/** Escapes LIKE wildcards in a user's search text. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
