import userEvent, { type UserEvent } from '@testing-library/user-event';

type Click = UserEvent['click'];
/** user-event's objects are plain and writable; its types only say they are read-only. */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

const BLOCKED = 'pointer-events: none';
const PATIENCE_MS = 5_000;

/**
 * A click that finds its target blocked by `pointer-events: none` tries again for a while, as a
 * user waits for the spinner: antd blocks a table while it reloads after a save, and a loaded
 * machine could click in that moment (user-event checks before it dispatches anything, so a
 * refused try has done nothing). Any other refusal, or one that lasts, fails as before.
 */
function patient(click: Click): Click {
  return async (...args) => {
    const deadline = Date.now() + PATIENCE_MS;
    for (;;) {
      try {
        return await click(...args);
      } catch (error) {
        if (!(error instanceof Error && error.message.includes(BLOCKED)) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
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
