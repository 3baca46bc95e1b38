import { describe, expect, it } from 'vitest';
import { formatMenuQuery, parseMenuQuery } from './query';

describe('the menu form\'s query text', () => {
  it('reads key=value pairs and JSON objects; empty is no query', () => {
    expect(parseMenuQuery('tab=daily&store=1')).toEqual({ query: { tab: 'daily', store: '1' } });
    expect(parseMenuQuery(' tab = daily \n empty= ')).toEqual({ query: { tab: 'daily', empty: '' } });
    expect(parseMenuQuery('{"tab": "daily", "n": 2, "on": true}')).toEqual({ query: { tab: 'daily', n: '2', on: 'true' } });
    expect(parseMenuQuery('url=https://x.example/?a=b')).toEqual({ query: { url: 'https://x.example/?a=b' } });
    expect(parseMenuQuery('')).toEqual({ query: null });
    expect(parseMenuQuery('  ')).toEqual({ query: null });
    expect(parseMenuQuery('{}')).toEqual({ query: null });
  });

  it('refuses what is neither, and what breaks the contract\'s rule', () => {
    expect(parseMenuQuery('tab')).toEqual({ problem: 'queryFormat' });
    expect(parseMenuQuery('=1')).toEqual({ problem: 'queryFormat' });
    expect(parseMenuQuery('{"tab": ')).toEqual({ problem: 'queryFormat' });
    expect(parseMenuQuery('["a"]')).toEqual({ problem: 'queryFormat' });
    expect(parseMenuQuery('{"a": {"b": 1}}')).toEqual({ problem: 'queryFormat' });
    expect(parseMenuQuery('{"a b": "1"}')).toEqual({ problem: 'queryRule' });
    expect(parseMenuQuery(Array.from({ length: 21 }, (_, i) => `k${i}=1`).join('&'))).toEqual({ problem: 'queryRule' });
  });

  it('shows a query so that it reads back the same', () => {
    const queries: Array<Record<string, string>> = [{ tab: 'daily', store: '1' }, { url: 'https://x.example/?a=b&c=d' }, { text: 'two\nlines' }];
    for (const query of queries) {
      const text = formatMenuQuery(query);
      expect(parseMenuQuery(text)).toEqual({ query });
    }
    expect(formatMenuQuery({ tab: 'daily', store: '1' })).toBe('tab=daily&store=1');
    expect(formatMenuQuery(undefined)).toBe('');
  });
});
