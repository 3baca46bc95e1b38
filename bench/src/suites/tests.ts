import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { atMost, info, type Figure } from '../figures.js';
import { repoRoot } from '../processes.js';

/** The whole suite's budget on this 2-core machine (issue 21): what keeps CI far from its 90 minutes. */
const BUDGET_MINUTES = 12;

/**
 * The test suite's wall time: `npm test` as CI runs it (with TEST_DATABASE_URL, TEST_REDIS_URL and
 * faketime when this machine has them), on this machine, with its own profile per step. Run alone
 * with `npm run bench -- tests`; a loaded machine measures the load, not the suite.
 */
export async function tests(): Promise<Figure[]> {
  const started = performance.now();
  const result = spawnSync('npm', ['test'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'ignore'] });
  const minutes = Math.round(((performance.now() - started) / 60_000) * 10) / 10;
  const figures: Figure[] = [atMost(`npm test wall time (${result.status === 0 ? 'green' : 'RED: see npm test'})`, minutes, 'min', BUDGET_MINUTES)];
  try {
    const profile = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/.cache/canteen-test-profile.json'), 'utf8')) as { steps: Array<[string, number, number?]> };
    for (const [name, seconds, cpu] of profile.steps) {
      figures.push(info(`npm test step: ${name}`, Math.round(seconds), 's'));
      if (cpu) figures.push(info(`npm test step: ${name}, CPU`, Math.round(cpu), 's'));
    }
  } catch {
    // no profile: the run stopped before writing it; the wall time says enough
  }
  return figures;
}
