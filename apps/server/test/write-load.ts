import type { App } from '../src/app.js';
import type { AuthHeader } from './auth.js';

export interface WriteLoadReport {
  /** Department names the server answered 200 for: each must be stored. */
  acknowledged: string[];
  /** Every other answer, by status and message. */
  refused: Array<{ status: number; msg: string }>;
}

/**
 * Writers creating departments one after another (each a fresh name) until stopped, the way
 * users keep working through an outage: what the server acknowledged and what it refused.
 */
export function startWriteLoad(app: App, auth: AuthHeader, { writers = 4, prefix = 'load' } = {}) {
  const report: WriteLoadReport = { acknowledged: [], refused: [] };
  let running = true;
  const writer = async (w: number) => {
    for (let i = 0; running; i++) {
      const name = `${prefix}-${w}-${i}`;
      let answer;
      try {
        answer = await app.inject({ method: 'POST', url: '/upms/dept', headers: auth, payload: { name } });
      } catch (error) {
        // The app was closed under the load (a failed test tearing down): stop, do not crash the run.
        report.refused.push({ status: 0, msg: String(error) });
        return;
      }
      if (answer.statusCode === 200) report.acknowledged.push(name);
      else {
        report.refused.push({ status: answer.statusCode, msg: (answer.json<{ msg?: string }>().msg ?? answer.body).slice(0, 200) });
        await new Promise((resolve) => setTimeout(resolve, 20)); // a user does not retry in a tight loop
      }
    }
  };
  const all = Array.from({ length: writers }, (_, w) => writer(w));
  return {
    report,
    /** Acknowledged so far. */
    count: () => report.acknowledged.length,
    async stop(): Promise<WriteLoadReport> {
      running = false;
      await Promise.all(all);
      return report;
    },
  };
}
