import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { specGroupBodySchema, type SpecGroupRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderWithApp, signInWith, waitUntilClickable } from '../../../../test/render';
import { renderPage } from '../../../../test/page';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import SpecsPage from './SpecsPage';

const option = (id: string, name: string, sort: number, extra: Partial<SpecGroupRecord['options'][number]> = {}) => ({
  id, name, priceDelta: 0, isDefault: false, enabled: true, sort, ...extra,
});
let groups: SpecGroupRecord[] = [];

function route({ method, path, body, query }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/spec/page') return okReply(pageOf(groups.filter(() => query.storeId === '1'), Number(query.current), Number(query.size)));
  if ((method === 'POST' || method === 'PUT') && path === '/store/spec') {
    const parsed = specGroupBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    const g = parsed.data;
    const record: SpecGroupRecord = {
      id: g.id ?? String(groups.length + 10), storeId: g.storeId, name: g.name, selection: g.selection, minSelect: g.minSelect, maxSelect: g.maxSelect, sort: g.sort,
      options: g.options.map((o, i) => ({ ...o, id: o.id ?? `${i + 100}` })), dishCount: groups.find((x) => x.id === g.id)?.dishCount ?? 0, createTime: '2026-01-01T00:00:00Z',
    };
    groups = method === 'POST' ? [...groups, record] : groups.map((x) => (x.id === record.id ? record : x));
    return okReply(record);
  }
  const one = /^\/store\/spec\/(\d+)$/.exec(path);
  if (one && method === 'DELETE') {
    const found = groups.find((g) => g.id === one[1])!;
    if (found.dishCount > 0) return failReply(409, `该规格已关联 ${found.dishCount} 个菜品，请先取消关联再删除`);
    groups = groups.filter((g) => g.id !== one[1]);
    return okReply(true);
  }
  return undefined;
}

const server = apiServerForFile(route);
// By text: role queries compute styles, slow on antd pages in jsdom.
const button = (scope: Element, text: RegExp) => [...scope.querySelectorAll('button')].filter((b) => text.test(b.textContent?.trim() ?? ''));
const ok = () => button(document.body, /^确\s?定$/).at(-1)!;
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const optionRows = () => [...screen.getByTestId('spec-options').querySelectorAll('tr.ant-table-row')] as HTMLElement[];

beforeEach(() => {
  groups = [
    {
      id: '1', storeId: '1', name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1, sort: 0, dishCount: 22, createTime: '2026-01-01T00:00:00Z',
      options: [option('1', '不辣', 0), option('2', '微辣', 1, { isDefault: true }), option('3', '特辣', 2)],
    },
    {
      id: '2', storeId: '1', name: '加料', selection: 'multiple', minSelect: 0, maxSelect: 3, sort: 1, dishCount: 0, createTime: '2026-01-01T00:00:00Z',
      options: [option('4', '加蛋', 0, { priceDelta: 200 }), option('5', '加芝士', 1, { priceDelta: 350, enabled: false })],
    },
  ];
  useCurrentStoreState.setState({ storeId: null });
  signInWith(['store:spec:index', 'store:spec:add', 'store:spec:edit', 'store:spec:del']);
});

describe('规格', () => {
  it('is registered behind store:spec:index and lists each group\'s rule and options', async () => {
    renderPage('views/store/spec/index');
    // The first page of a file loads cold: give it longer.
    await screen.findByText('辣度', {}, { timeout: 20_000 });
    expect(server.calls('GET', '/store/spec/page')[0]!.query).toMatchObject({ storeId: '1' });
    expect(within(rowOf('辣度')).getByText('必选 · 选 1 项')).toBeInTheDocument();
    expect(within(rowOf('加料')).getByText('可不选 · 最多选 3 项')).toBeInTheDocument();
    expect(within(rowOf('加料')).getByText(/加蛋 \+¥2\.00/)).toBeInTheDocument();
  });

  it('hides the buttons the user may not use', async () => {
    signInWith(['store:spec:index']);
    renderWithApp(<SpecsPage />);
    await screen.findByText('辣度', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('spec-add')).toBeNull();
    expect(button(rowOf('辣度'), /编\s?辑|删\s?除/)).toHaveLength(0);
  });

  it('adds a group after its validation messages, sending price deltas in fen', async () => {
    const user = userEvent.setup();
    renderWithApp(<SpecsPage />);
    await screen.findByText('辣度', {}, { timeout: 20_000 });
    await user.click(screen.getByTestId('spec-add'));
    const form = await screen.findByTestId('spec-form');
    await user.click(screen.getByTestId('spec-save'));
    await waitFor(() => expect(errors()).toEqual(expect.arrayContaining(['请输入规格名称', '请输入选项名称'])));
    expect(server.calls('POST', '/store/spec')).toHaveLength(0);

    await user.type(within(form).getByLabelText('规格名称'), '甜度');
    await user.type(within(optionRows()[0]!).getByLabelText('选项名称'), '少糖');
    await user.click(screen.getByTestId('spec-add-option'));
    await user.type(within(optionRows()[1]!).getByLabelText('选项名称'), '少糖');
    await user.click(within(optionRows()[1]!).getByLabelText('默认'));
    await user.click(screen.getByTestId('spec-save'));
    expect(await within(form).findByText('规格选项名称不能重复')).toBeInTheDocument();
    await user.clear(within(optionRows()[1]!).getByLabelText('选项名称'));
    await user.type(within(optionRows()[1]!).getByLabelText('选项名称'), '全糖');
    await user.click(screen.getByTestId('spec-save'));
    expect(await within(form).findByText('单选规格只能有一个默认选项')).toBeInTheDocument();

    // Multiple choice: at least 3 of 2 options is refused.
    await user.click(within(form).getByLabelText('多选'));
    const min = within(form).getByLabelText('最少选择');
    await user.clear(min);
    await user.type(min, '3');
    expect(await within(form).findByText('最少选择不能大于最多选择')).toBeInTheDocument();
    await user.clear(min);
    await user.type(min, '0');
    const max = within(form).getByLabelText('最多选择');
    await user.clear(max);
    await user.type(max, '2');
    const delta = within(optionRows()[1]!).getByLabelText('加价（元）');
    await user.clear(delta);
    await user.type(delta, '1.5');
    await user.click(screen.getByTestId('spec-save'));
    await screen.findByText('规格已新增');
    const sent = server.calls('POST', '/store/spec')[0]!.body;
    expect(specGroupBodySchema.safeParse(sent).success).toBe(true);
    expect(sent).toEqual({
      storeId: '1', name: '甜度', selection: 'multiple', minSelect: 0, maxSelect: 2, sort: 0,
      options: [
        { name: '少糖', priceDelta: 0, isDefault: true, enabled: true, sort: 0 },
        { name: '全糖', priceDelta: 150, isDefault: true, enabled: true, sort: 1 },
      ],
    });
  });

  it('asks before 取消 drops a reordered option (issue 27 #6), and closes a group only opened at once', async () => {
    const user = userEvent.setup();
    renderWithApp(<SpecsPage />);
    await screen.findByText('辣度', {}, { timeout: 20_000 });
    const cancel = () => user.click(button(screen.getByTestId('spec-form').closest('.ant-drawer')!, /^取\s?消$/)[0]!);
    const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;
    await user.click(button(rowOf('辣度'), /^编\s?辑$/)[0]!);
    await screen.findByTestId('spec-form');
    await cancel();
    await waitFor(() => expect(screen.queryByTestId('spec-form')).toBeNull());
    expect(questions()).toBe(0);

    await user.click(button(rowOf('辣度'), /^编\s?辑$/)[0]!);
    await screen.findByTestId('spec-form');
    await user.click(within(optionRows()[2]!).getByLabelText('上移'));
    await cancel();
    await waitFor(() => expect(questions()).toBe(1));
    await user.click(screen.getByTestId('discard-confirm'));
    await waitFor(() => expect(screen.queryByTestId('spec-form')).toBeNull());
    expect(server.calls('PUT', '/store/spec')).toHaveLength(0);
  });

  it('edits a group keeping its option ids and order, and shows the server refusing to delete an attached one', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<SpecsPage />);
    await screen.findByText('辣度', {}, { timeout: 20_000 });
    await user.click(button(rowOf('辣度'), /^编\s?辑$/)[0]!);
    await screen.findByTestId('spec-form');
    expect(optionRows().map((r) => within(r).getByLabelText<HTMLInputElement>('选项名称').value)).toEqual(['不辣', '微辣', '特辣']);
    await user.click(within(optionRows()[2]!).getByLabelText('上移'));
    await user.click(within(optionRows()[0]!).getByLabelText('删除选项'));
    await user.click(screen.getByTestId('spec-save'));
    await screen.findByText('规格已保存');
    expect(server.calls('PUT', '/store/spec')[0]!.body).toMatchObject({
      id: '1', name: '辣度', selection: 'single', minSelect: 1, maxSelect: 1,
      options: [{ id: '3', name: '特辣', sort: 0 }, { id: '2', name: '微辣', isDefault: true, sort: 1 }],
    });

    await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
    await user.click(await waitUntilClickable(button(rowOf('辣度'), /^删\s?除$/)[0]!));
    expect(await screen.findByText('确定删除该规格吗？已关联菜品的规格不能删除。')).toBeInTheDocument();
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('该规格已关联 22 个菜品，请先取消关联再删除'));
  });
});
