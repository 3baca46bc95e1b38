import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from './paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Chromium to drive, or '' when there is none (the suites then skip and say why). */
    chromium: string;
  }
}

/** Builds what is stale (web app, server, simulator) once, and finds the system's Chromium. */
export default function setup(project: TestProject) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  project.provide('chromium', existsSync(chromium) ? chromium : '');
  if (!existsSync(chromium)) {
    console.warn(`e2e: skipped, no Chromium at ${chromium} (install Debian's chromium or set CHROMIUM_PATH)`);
    return;
  }
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: the build failed');
}
