import { afterEach, describe, expect, it } from 'vitest';
import { dismissBootForm, takeOverBootForm } from './boot-form';

/** The form index.html draws (its fields as there). */
const drawBootForm = () => {
  document.body.insertAdjacentHTML('beforeend', `<div id="boot-login"><form>
    <input name="username"><input name="password" type="password"><input name="code"><button type="submit">登 录</button></form></div>`);
  const boot = document.getElementById('boot-login')!;
  // As index.html's script does.
  boot.querySelector('form')!.addEventListener('submit', function (this: HTMLFormElement, event) { event.preventDefault(); this.dataset.submitted = '1'; });
  return boot;
};

describe('the sign-in form drawn by index.html', () => {
  afterEach(() => document.getElementById('boot-login')?.remove());

  it('hands over what was typed, the focused field and a pending submit, and goes away', () => {
    const boot = drawBootForm();
    boot.querySelector<HTMLInputElement>('[name=username]')!.value = 'admin';
    boot.querySelector<HTMLInputElement>('[name=password]')!.value = '123456';
    boot.querySelector<HTMLInputElement>('[name=password]')!.focus();
    boot.querySelector('form')!.requestSubmit();
    expect(takeOverBootForm()).toEqual({ values: { username: 'admin', password: '123456', code: '' }, focused: 'password', submitted: true });
    expect(document.getElementById('boot-login')).toBeNull();
    expect(takeOverBootForm()).toBeNull();
  });

  it('is only removed when the app goes elsewhere', () => {
    drawBootForm();
    dismissBootForm();
    expect(document.getElementById('boot-login')).toBeNull();
  });
});
