// Lint and typecheck side by side (each is single-threaded; together they use both cores of a
// small machine). Each one's output is printed whole when it ends; exits non-zero if either failed.
// `node scripts/check.mjs lint` or `… typecheck` runs only that one.
import { spawn } from 'node:child_process';
import { bin, root } from './lib.mjs';

/** The two programs of the tree (see tsconfig.node.json): the Node side, and the web app with its DOM and JSX. */
const PROJECTS = ['tsconfig.node.json', 'apps/web'];

/** Runs commands one after another, collecting their output; resolves to the first failing exit code (or 0). */
function sequence(name, commands) {
  return new Promise((resolve) => {
    let output = '';
    let failed = 0;
    const next = (i) => {
      if (i === commands.length) {
        process.stdout.write(`-- ${name}${failed ? ': failed' : ': passed'}\n${output}`);
        return resolve(failed);
      }
      const [command, args] = commands[i];
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('close', (code) => {
        if (code !== 0) {
          failed ||= code ?? 1;
          output += `(${[command.split('/').pop(), ...args].join(' ')} exited with ${code})\n`;
        }
        next(i + 1);
      });
    };
    next(0);
  });
}

const checks = {
  lint: () => sequence('lint', [[bin('eslint'), ['--cache', '--cache-location', 'node_modules/.cache/eslint', '.']]]),
  typecheck: () => sequence('typecheck', PROJECTS.map((p) => [bin('tsc'), ['--noEmit', '-p', p]])),
};
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in checks));
if (unknown.length) {
  console.error(`check.mjs: no check named ${unknown.join(', ')} (there are: ${Object.keys(checks).join(', ')})`);
  process.exit(2);
}
const codes = await Promise.all((wanted.length ? wanted : Object.keys(checks)).map((name) => checks[name]()));
process.exit(codes.find((c) => c !== 0) ?? 0);
