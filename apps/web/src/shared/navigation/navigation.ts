import { useLayoutEffect } from 'react';
import { useNavigate } from 'react-router';

export interface NavigateOptions {
  replace?: boolean;
  /** Render the new location in this task instead of as an interruptible transition. */
  flushSync?: boolean;
}

type Navigator = (to: string, options?: NavigateOptions) => unknown;

let current: Navigator | undefined;

/** Where `navigate()` sends its calls: the app's router (App) or a test's (NavigatorFromRouter). */
export function setNavigator(navigator: Navigator): void {
  current = navigator;
}

/**
 * Navigation as an action for the shell and kept-alive pages. react-router's `useNavigate()`
 * subscribes its component to the route context, which changes on every navigation, so the
 * component re-renders (and React walks every hidden kept-alive page looking for such
 * subscribers) at each tab switch; calling this subscribes to nothing.
 */
export function navigate(to: string, options?: NavigateOptions): void {
  if (!current) throw new Error('navigate() was called before a router was set up');
  void current(to, options);
}

/** Hands the surrounding router's navigate to `navigate()`: for a MemoryRouter in tests. */
export function NavigatorFromRouter() {
  const routerNavigate = useNavigate();
  useLayoutEffect(() => setNavigator((to, options) => routerNavigate(to, options)), [routerNavigate]);
  return null;
}
