import { describe, expect, it } from 'vitest';
import { allIds, ancestorsOf, checkedLeaves, grantedIds } from './grant';

const tree = [
  { id: '1', children: [{ id: '2', children: [{ id: '3' }, { id: '4' }] }, { id: '5' }] },
  { id: '6' },
];

describe('permission grant tree', () => {
  it('checks only granted leaves so partly granted parents stay half-checked', () => {
    expect(checkedLeaves(tree, ['1', '2', '3', '6'])).toEqual(['3', '6']);
  });
  it('saves checked and half-checked ids once each', () => {
    expect(grantedIds(['3', '2'], ['1', '2'])).toEqual(['3', '2', '1']);
  });
  it('finds the half-checked ancestors of checked leaves', () => {
    expect(ancestorsOf(tree, ['3', '6']).sort()).toEqual(['1', '2']);
  });
  it('lists every id', () => expect(allIds(tree)).toEqual(['1', '2', '3', '4', '5', '6']));
});
