import userEvent, { type UserEvent } from '@testing-library/user-event';

type Click = UserEvent['click'];
/** user-event's objects are plain and writable; its types only say they are read-only. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

const PATIENCE_MS = 5_000;

/** Whether the element or an ancestor has `pointer-events: none` (user-event refuses to click it). */
function blocked(element: Element): boolean {
  for (let at: Element | null = element; at; at = at.parentElement) if (getComputedStyle(at).pointerEvents === 'none') return true;
  return false;
}

/**
 * A click whose target is blocked by `pointer-events: none` waits for a while first, as a user
 * waits for the spinner: antd blocks a table while it reloads after a save, and a loaded machine
 * could click in that moment. It waits before the click and clicks once: a click retried after
 * user-event had refused it half-way (the click itself dispatched, then a dialog it opened
 * blocked the button) would click twice. A block that lasts fails as before.
 */
function patient(click: Click): Click {
  return async (element, ...rest) => {
    const deadline = Date.now() + PATIENCE_MS;
    while (blocked(element) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    return click(element, ...rest);
  };
}

/** Makes every click of the web tests patient: `userEvent.click` and the click of `userEvent.setup()`. */
export function makeClicksPatient() {
  const api = userEvent as Writable<typeof userEvent> & { patient?: true };
  if (api.patient) return;
  api.patient = true;
  api.click = patient(api.click);
  const setup = api.setup;
  api.setup = (...args: Parameters<typeof setup>) => {
    const user = setup(...args) as Writable<UserEvent>;
    user.click = patient(user.click);
    return user;
  };
}
