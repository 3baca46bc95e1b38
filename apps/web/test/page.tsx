import { Suspense } from 'react';
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
