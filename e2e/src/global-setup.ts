import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from './harness.js';
import { repoRoot } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium to drive, or '' when there is none (the suites then skip and say why). */
    chromium: string;
    /** A data folder holding the demo business, seeded once for the run: servers start on a copy. */
    demoDataDir: string;
  }
}

/**
 * Builds what is stale (web app, server, simulator) once, finds the system's Chromium, and seeds
 * the demo business once into a data folder that every demo server of the run copies (a first
 * boot seeds 90 days: the longest part of starting a file's server).
 */
export default async function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  project.provide('chromium', existsSync(chromium) ? chromium : '');
  project.provide('demoDataDir', '');
  if (!existsSync(chromium)) {
    console.warn(`e2e: skipped, no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`);
    return;
  }
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: the build failed');

  const seeded = await spawnServer({}, undefined, { echo: false });
  const template = mkdtempSync(path.join(os.tmpdir(), 'canteen-e2e-demo-'));
  await seeded.stop({ keep: (dataDir) => cpSync(dataDir, template, { recursive: true }) });
  project.provide('demoDataDir', template);
  return () => rmSync(template, { recursive: true, force: true });
}
