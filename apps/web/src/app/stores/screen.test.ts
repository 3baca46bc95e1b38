import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { screenClass, useScreenClass } from './screen';

describe('screen-size class', () => {
  it('follows the specification thresholds', () => {
    expect([1920, 1200, 1199, 992, 991, 768, 767, 320].map(screenClass)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('updates on resize', () => {
    const { result } = renderHook(() => useScreenClass());
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(1);
    act(() => {
      window.innerWidth = 1300;
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current).toBe(3);
  });
});
