import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { rememberComputedStyles } from './computed-style-memo';
import { freshAppState } from './fresh-app-state';
import { makeClicksPatient } from './patient-clicks';

afterEach(() => cleanup());
// Each file starts from a fresh page load's state, whatever the file before it left.
beforeAll(() => freshAppState());

// waitFor and findBy* wait as long as expect.poll does here (5 s, vitest.config.ts), not 1 s: a
// shared machine running the whole suite took over a second to render a fetched answer.
configure({ asyncUtilTimeout: 5_000 });

makeClicksPatient();
rememberComputedStyles(window);

// antd measures layout with these; jsdom has neither.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class { observe() {} unobserve() {} disconnect() {} };
}
