// The typecheck and the lint in one process, over the same two TypeScript programs: the compiler
// builds and checks each program once, and ESLint's type-aware rules read the same checker
// (parserOptions.programs) instead of building both programs again. On a fresh clone the two
// separate tools cost 290 CPU-seconds; sharing the programs saves the second build.
// `node scripts/check.mjs lint` or `… typecheck` runs only that one; exits non-zero on any error.
import { ESLint } from 'eslint';
import ts from 'typescript';
import { at, root } from './lib.mjs';

/** The two programs of the tree (see tsconfig.node.json): the Node side, and the web app with its DOM and JSX. */
const PROJECTS = ['tsconfig.node.json', 'apps/web/tsconfig.json'];

const wanted = process.argv.slice(2);
const known = ['lint', 'typecheck'];
const unknown = wanted.filter((name) => !known.includes(name));
if (unknown.length) {
  console.error(`check.mjs: no check named ${unknown.join(', ')} (there are: ${known.join(', ')})`);
  process.exit(2);
}
const runs = (name) => wanted.length === 0 || wanted.includes(name);
const timed = async (name, work) => {
  const t0 = performance.now();
  const result = await work();
  console.log(`-- ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return result;
};

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
const format = (diagnostics) =>
  process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost) : ts.formatDiagnostics(diagnostics, formatHost);

/** One tsconfig's program, with the errors of its configuration. */
function createProgram(project) {
  const configErrors = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(at(project), undefined, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d) });
  if (!parsed) return { program: undefined, configErrors };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true }, projectReferences: parsed.projectReferences });
  return { program, configErrors: [...configErrors, ...parsed.errors] };
}

let failed = false;
const programs = await timed('programs', () => PROJECTS.map(createProgram));
for (const { configErrors } of programs) {
  if (configErrors.length) {
    failed = true;
    process.stdout.write(format(configErrors));
  }
}

if (runs('typecheck')) {
  const errors = await timed('typecheck', () => programs.flatMap(({ program }) => (program ? ts.getPreEmitDiagnostics(program) : [])));
  if (errors.length) {
    failed = true;
    process.stdout.write(format(errors));
    console.log(`typecheck: ${errors.length} error(s)`);
  } else console.log('typecheck: passed');
}

if (runs('lint')) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { languageOptions: { parserOptions: { programs: programs.map(({ program }) => program).filter(Boolean) } } },
  });
  const results = await timed('lint', () => eslint.lintFiles(['.']));
  const output = (await eslint.loadFormatter('stylish')).format(results);
  if (output) process.stdout.write(output);
  const errors = results.reduce((sum, r) => sum + r.errorCount + r.fatalErrorCount, 0);
  if (errors) failed = true;
  console.log(errors ? `lint: ${errors} error(s)` : 'lint: passed');
}

process.exit(failed ? 1 : 0);
