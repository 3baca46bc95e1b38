// Small helpers shared by the npm scripts; plain Node, no dependencies, so they run before install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const at = (...parts) => path.join(root, ...parts);

/** Runs a command in the repository, inheriting the terminal; returns its exit code. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function start(command, args, options = {}) {
  return spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
}

/** The newest modification time below the given files and folders (node_modules and dist excluded). */
export function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') walk(path.join(p, entry));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => walk(at(p)));
  return latest;
}

export const mtime = (p) => (existsSync(at(p)) ? statSync(at(p)).mtimeMs : 0);

export const bin = (name) => at('node_modules', '.bin', name);
