import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { okReply, type Received, apiServerForFile } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import type { Material, MaterialType } from '../api';
import { MaterialPicker } from './MaterialPicker';

const material = (type: MaterialType, n: number): Material => ({
  id: String(n), mediaId: `${type}-${n}`, type, name: `${type}-${n}.file`, url: `/weixin/media/material/${type}${n}.png`,
  title: type === 'video' ? `视频${n}` : null, introduction: null, size: 10, updateTime: '2026-01-01T00:00:00Z',
  content: type === 'news' ? { articles: [{ title: `图文${n}`, thumbMediaId: 'image-1', thumbUrl: '/x.png', content: '<p>x</p>' }] } : null,
});
let store: Record<MaterialType, Material[]>;

function route({ method, path, query }: Received) {
  if (method === 'GET' && path === '/weixin/wxmaterial/page') {
    const all = store[query.type as MaterialType];
    const current = Number(query.current);
    const size = Number(query.size);
    return okReply({ items: all.slice((current - 1) * size, current * size), totalCount: all.length });
  }
  return undefined;
}

const server = apiServerForFile(route);
beforeEach(() => {
  store = { image: [], voice: [], video: [], news: [] };
  signInWith(['wxmp:wxmaterial:index']);
});

describe('MaterialPicker', () => {
  it('shows images as a card wall, 20 a page, and answers the chosen one', async () => {
    store.image = Array.from({ length: 25 }, (_, i) => material('image', i + 1));
    const onSelect = vi.fn();
    renderWithApp(<MaterialPicker open appId="wx1" type="image" onSelect={onSelect} onClose={() => undefined} />);
    const picker = await screen.findByTestId('material-picker-image');
    await waitFor(() => expect(within(picker).getAllByTestId('material-card')).toHaveLength(20));
    expect(server.calls('GET', '/weixin/wxmaterial/page')[0]!.query).toMatchObject({ appId: 'wx1', type: 'image', current: '1', size: '20' });
    expect(within(picker).getByText('共 25 条')).toBeInTheDocument();
    const card = within(picker).getAllByTestId('material-card')[2]!;
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/weixin/media/material/image3.png');
    await userEvent.click(within(card).getByRole('button'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ mediaId: 'image-3' }));

    await userEvent.click(within(picker).getByTitle('2'));
    await waitFor(() => expect(within(picker).getAllByTestId('material-card')).toHaveLength(5));
  });

  it('offers page sizes 10 and 20 only', async () => {
    store.image = Array.from({ length: 25 }, (_, i) => material('image', i + 1));
    renderWithApp(<MaterialPicker open appId="wx1" type="image" onSelect={() => undefined} onClose={() => undefined} />);
    const picker = await screen.findByTestId('material-picker-image');
    await waitFor(() => expect(within(picker).getAllByTestId('material-card')).toHaveLength(20));
    fireEvent.mouseDown(picker.querySelector('.ant-pagination-options .ant-select')!);
    const options = await waitFor(() => {
      const found = document.querySelectorAll('.ant-select-item-option');
      expect(found.length).toBeGreaterThan(0);
      return [...found].map((o) => o.textContent);
    });
    expect(options).toEqual(['10 条/页', '20 条/页']);
  });

  it('shows voice and video as a table', async () => {
    store.voice = [material('voice', 1), material('voice', 2)];
    renderWithApp(<MaterialPicker open appId="wx1" type="voice" onSelect={() => undefined} onClose={() => undefined} />);
    const picker = await screen.findByTestId('material-picker-voice');
    await within(picker).findByText('voice-1.file');
    expect(picker.querySelector('table')).not.toBeNull();
    expect(within(picker).queryAllByTestId('material-card')).toHaveLength(0);
    expect(within(picker).getAllByRole('row')).toHaveLength(3);
  });

  it('shows news as a card wall of previews', async () => {
    store.news = [material('news', 1)];
    renderWithApp(<MaterialPicker open appId="wx1" type="news" onSelect={() => undefined} onClose={() => undefined} />);
    const picker = await screen.findByTestId('material-picker-news');
    await within(picker).findByText('图文1');
    expect(within(picker).getByTestId('news-preview')).toBeInTheDocument();
  });

  it.each(['image', 'voice', 'video', 'news'] as const)('says 暂无数据 when there is no %s', async (type) => {
    renderWithApp(<MaterialPicker open appId="wx1" type={type} onSelect={() => undefined} onClose={() => undefined} />);
    const picker = await screen.findByTestId(`material-picker-${type}`);
    await waitFor(() => expect(server.calls('GET', '/weixin/wxmaterial/page')).toHaveLength(1));
    await waitFor(() => expect(picker.querySelector('.ant-empty-description')?.textContent).toBe('暂无数据'));
  });
});
