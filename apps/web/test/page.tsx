import { Suspense } from 'react';
import { afterAll, beforeAll } from 'vitest';
import { pageRegistry, type PageEntry } from '../src/app/page-registry';
import { PaneLocation } from '../src/shared/navigation/pane';
import { RegisteredPage } from '../src/app/shell/RegisteredPage';
import { renderWithApp } from './render';

/**
 * Renders a registered page as the shell does: by its menu `component` name, behind the view
 * permission its feature declares (`pages.ts`), in a tab at `url` (default the component's path).
 * (Kept apart from render.tsx: it loads the page registry, that is every feature's pages.ts.)
 */
export function renderPage(component: string, url = `/${component}`) {
  return renderWithApp(
    <PaneLocation value={url}>
      <Suspense fallback={<div data-testid="page-loading" />}>
        <RegisteredPage component={component} />
      </Suspense>
    </PaneLocation>,
  );
}

/**
 * Registers pages (or replaces registered ones) for the tests of one file and puts the registry
 * back after them: web test files share one module graph per worker (vitest.config.ts).
 */
export function registerPagesForFile(entries: Record<string, PageEntry>) {
  const before = new Map<string, PageEntry | undefined>();
  beforeAll(() => {
    for (const [name, entry] of Object.entries(entries)) {
      before.set(name, pageRegistry[name]);
      pageRegistry[name] = entry;
    }
  });
  afterAll(() => {
    for (const [name, entry] of before) {
      if (entry) pageRegistry[name] = entry;
      else delete pageRegistry[name];
    }
  });
}
