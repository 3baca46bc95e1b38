import { afterEach, describe, expect, it } from 'vitest';

// setup.ts has already put the memo in place for every web test; these check it answers as jsdom would.
describe('remembered computed styles', () => {
  afterEach(() => {
    document.body.replaceChildren();
    document.head.querySelectorAll('style[data-memo-test]').forEach((s) => s.remove());
  });

  const sheet = (css: string) => {
    const style = document.createElement('style');
    style.dataset.memoTest = '';
    style.textContent = css;
    document.head.append(style);
    return style;
  };
  const tree = () => {
    const outer = document.createElement('div');
    const inner = document.createElement('button');
    outer.append(inner);
    document.body.append(outer);
    return { outer, inner };
  };

  it('answers the same view while nothing changes, and reads each property once', () => {
    sheet('.blocked { pointer-events: none }');
    const { outer, inner } = tree();
    outer.className = 'blocked';
    const first = getComputedStyle(inner);
    expect(getComputedStyle(inner)).toBe(first);
    expect(first.pointerEvents).toBe('none');
    expect(first.getPropertyValue('pointer-events')).toBe('none');
    expect(first instanceof CSSStyleDeclaration).toBe(true);
  });

  it('follows a class, an inline style, a moved node, a new rule and a changed style text at once', () => {
    const rules = sheet('.blocked { pointer-events: none }');
    const { outer, inner } = tree();
    expect(getComputedStyle(inner).pointerEvents).not.toBe('none');
    outer.classList.add('blocked');
    expect(getComputedStyle(inner).pointerEvents).toBe('none');
    outer.classList.remove('blocked');
    expect(getComputedStyle(inner).pointerEvents).not.toBe('none');
    inner.style.display = 'none';
    expect(getComputedStyle(inner).display).toBe('none');
    inner.style.display = '';
    expect(getComputedStyle(inner).display).not.toBe('none');

    const hidden = document.createElement('section');
    hidden.className = 'hidden';
    document.body.append(hidden);
    sheet('.hidden { visibility: hidden }');
    expect(getComputedStyle(inner).visibility).not.toBe('hidden');
    hidden.append(outer);
    expect(getComputedStyle(inner).visibility).toBe('hidden');

    rules.textContent = '.blocked { pointer-events: auto } button { pointer-events: none }';
    expect(getComputedStyle(inner).pointerEvents).toBe('none');
  });
});
