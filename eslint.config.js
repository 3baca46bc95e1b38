import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// ─── Server boundaries ──────────────────────────────────────────────────────────────────────────
// Two rules for the server's code (apps/server/src): a module (modules/<name>/…) imports no other
// module's tables (it uses that module's service), and infrastructure (db/, http/, live/,
// platform/, storage/, util/, jobs/) imports no module at all (modules plug into it). Both
// resolve the import against the importing file, so relative paths at any depth count.
const serverSrc = path.join(import.meta.dirname, 'apps/server/src');
const serverInfrastructure = ['db', 'http', 'live', 'platform', 'storage', 'util', 'jobs'];
/** `{ top, module }` of a file under apps/server/src: its top folder, and its module under modules/. */
const serverPlaceOf = (file) => {
  const rel = path.relative(serverSrc, file);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return {};
  const [top, second, third] = rel.split(path.sep);
  return { top, module: top === 'modules' && third !== undefined ? second : undefined };
};
/** Calls `check(target, node)` with the resolved path of every relative import of a file. */
const onServerImports = (context, check) => {
  const visit = (node) => {
    const specifier = node.source && node.source.type === 'Literal' ? node.source.value : undefined;
    if (typeof specifier === 'string' && specifier.startsWith('.')) check(path.resolve(path.dirname(context.filename), specifier), node.source);
  };
  return { ImportDeclaration: visit, ExportAllDeclaration: visit, ExportNamedDeclaration: visit, ImportExpression: visit };
};
const serverBoundaries = {
  rules: {
    'no-foreign-tables': {
      meta: { type: 'problem', schema: [], messages: { tables: 'Module "{{from}}" imports module "{{to}}"\'s tables: use what "{{to}}" exports from its service.ts.' } },
      create(context) {
        const from = serverPlaceOf(context.filename).module;
        if (!from) return {};
        return onServerImports(context, (target, node) => {
          const to = serverPlaceOf(target).module;
          const name = path.basename(target).replace(/\.[cm]?[jt]sx?$/, '');
          if (to && to !== from && name === 'tables') context.report({ node, messageId: 'tables', data: { from, to } });
        });
      },
    },
    'no-infrastructure-to-module': {
      meta: { type: 'problem', schema: [], messages: { module: 'Infrastructure ({{from}}/) imports a module: infrastructure knows no module; let the module plug in (a hook, a registry, an option).' } },
      create(context) {
        const from = serverPlaceOf(context.filename).top;
        if (!serverInfrastructure.includes(from)) return {};
        return onServerImports(context, (target, node) => {
          if (serverPlaceOf(target).top === 'modules') context.report({ node, messageId: 'module', data: { from } });
        });
      },
    },
  },
};

// ─── Web boundaries ─────────────────────────────────────────────────────────────────────────────
// Two rules for the web app's own code (apps/web/src): a feature (features/<name>/…) imports no
// other feature (the app joins them through its registries), and the web app imports nothing of
// the server (nor the Node-only wire protocol). Test support outside src (apps/web/test) may run
// the server's broker. Both resolve the import against the importing file, so relative paths count.
const webRoot = path.join(import.meta.dirname, 'apps/web/src');
const webFeatures = path.join(webRoot, 'features');
const nodeOnly = [path.join(import.meta.dirname, 'apps/server'), path.join(import.meta.dirname, 'packages/wechat-protocol')];
const nodeOnlyPackages = /^@canteen\/(server|wechat-protocol)(\/|$)/;
const inside = (dir, file) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};
const featureOf = (file) => (inside(webFeatures, file) ? path.relative(webFeatures, file).split(path.sep)[0] : undefined);
/** Calls `check(specifier, node)` for every static import, re-export and dynamic import of a file. */
const onImports = (check) => {
  const visit = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') check(node.source.value, node.source);
  };
  return { ImportDeclaration: visit, ExportAllDeclaration: visit, ExportNamedDeclaration: visit, ImportExpression: visit };
};
const webBoundaries = {
  rules: {
    'no-cross-feature-import': {
      meta: { type: 'problem', schema: [], messages: { cross: 'Feature "{{from}}" imports feature "{{to}}": features never import each other (share through shared/ or a registry in app/).' } },
      create(context) {
        const from = featureOf(context.filename);
        if (!from) return {};
        return onImports((specifier, node) => {
          if (!specifier.startsWith('.')) return;
          const to = featureOf(path.resolve(path.dirname(context.filename), specifier));
          if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
        });
      },
    },
    'no-server-import': {
      meta: { type: 'problem', schema: [], messages: { server: 'Web code imports "{{specifier}}": the web app never imports the server or the Node-only wire protocol (share through @canteen/contract).' } },
      create(context) {
        if (!inside(webRoot, context.filename)) return {};
        return onImports((specifier, node) => {
          const resolved = specifier.startsWith('.') ? path.resolve(path.dirname(context.filename), specifier) : undefined;
          if (nodeOnlyPackages.test(specifier) || (resolved && nodeOnly.some((dir) => inside(dir, resolved))))
            context.report({ node, messageId: 'server', data: { specifier } });
        });
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'bench/results/**', '**/*.mjs', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      // Two programs for the whole tree, the same two the typecheck builds (scripts/check.mjs): the
      // Node side in one and the web app in the other. A program per workspace typed the server's
      // files again for every workspace that imports them (e2e, bench), more than doubling the time.
      parserOptions: { project: ['./tsconfig.node.json', './apps/web/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify handlers and plugins are async by convention even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web boundaries (see webBoundaries above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': webBoundaries },
    rules: { 'web-boundaries/no-cross-feature-import': 'error', 'web-boundaries/no-server-import': 'error' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Server boundaries (see serverBoundaries above).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/no-foreign-tables': 'error', 'server-boundaries/no-infrastructure-to-module': 'error' },
  },
);
