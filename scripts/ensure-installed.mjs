// Installs the npm dependencies when they are missing or older than the lockfile.
import { at, mtime, run } from './lib.mjs';

const marker = 'node_modules/.package-lock.json';
if (mtime(marker) === 0 || mtime('package-lock.json') > mtime(marker)) {
  console.log('Installing dependencies (npm install)…');
  const code = run('npm', ['install', '--no-audit', '--no-fund']);
  if (code !== 0) {
    console.error('npm install failed: see the messages above.');
    process.exit(code);
  }
}
void at;
