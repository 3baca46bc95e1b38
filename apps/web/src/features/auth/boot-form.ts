/**
 * The sign-in form that index.html draws before any script runs (`#boot-login`): usable at the
 * first paint, so a user can start typing while the app loads. The app's own form takes it over
 * once it mounts: what was typed, the focused field and a submit pressed meanwhile carry over,
 * and the boot form goes away in the same frame.
 */

export type BootField = 'username' | 'password' | 'code';

export interface BootFormState {
  values: Record<BootField, string>;
  /** The field the user was in, if any. */
  focused?: BootField;
  /** Enter was pressed (or the button clicked) before the app took over. */
  submitted: boolean;
}

const FIELDS: BootField[] = ['username', 'password', 'code'];
const element = () => document.getElementById('boot-login');

/** Reads the boot form and removes it; null when there is none (another path, or already taken over). */
export function takeOverBootForm(): BootFormState | null {
  const boot = element();
  if (!boot) return null;
  const form = boot.querySelector('form');
  const input = (name: BootField) => boot.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const active = document.activeElement;
  const state: BootFormState = {
    values: Object.fromEntries(FIELDS.map((name) => [name, input(name)?.value ?? ''])) as Record<BootField, string>,
    focused: FIELDS.find((name) => input(name) === active),
    submitted: form?.dataset.submitted === '1',
  };
  boot.remove();
  return state;
}

/** Removes the boot form without reading it (the app went elsewhere: a signed-in user sent home). */
export function dismissBootForm(): void {
  element()?.remove();
}
