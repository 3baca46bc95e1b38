import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { areaBodySchema, tableBatchSchema, tableBodySchema, type AreaRecord, type TableRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../../test/api-server';
import { renderWithApp, signInWith } from '../../../../test/render';
import { renderPage } from '../../../../test/page';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import TablesPage from './TablesPage';

let areas: Array<Omit<AreaRecord, 'tableCount'>> = [];
let tables: TableRecord[] = [];
let tokens = 0;

const table = (id: string, areaId: string, code: string, extra: Partial<TableRecord> = {}): TableRecord => ({
  id, storeId: '1', areaId, areaName: areas.find((a) => a.id === areaId)?.name ?? '', code, seats: 4, minSpend: null, enabled: true, sort: 0,
  orderUrl: `/order/t/token-${id}-0`, createTime: '2026-01-01T00:00:00Z', ...extra,
});
const withCounts = () => areas.map((a) => ({ ...a, tableCount: tables.filter((t) => t.areaId === a.id).length }));

function route({ method, path, body, query, headers }: Received) {
  if (headers.authorization !== 'Bearer test-token') return failReply(401, '请先登录');
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/area/page') return okReply(pageOf(query.storeId === '1' ? withCounts() : [], 1, 1000));
  if ((method === 'POST' || method === 'PUT') && path === '/store/area') {
    const a = areaBodySchema.parse(body);
    if (method === 'POST') areas.push({ id: String(areas.length + 10), storeId: a.storeId, name: a.name, sort: a.sort, createTime: '' });
    else areas = areas.map((x) => (x.id === a.id ? { ...x, name: a.name, sort: a.sort } : x));
    return okReply(withCounts().find((x) => x.name === a.name));
  }
  const area = /^\/store\/area\/(\d+)$/.exec(path);
  if (area && method === 'DELETE') {
    const n = tables.filter((t) => t.areaId === area[1]).length;
    if (n) return failReply(409, `该区域下还有 ${n} 张桌台，不能删除`);
    areas = areas.filter((a) => a.id !== area[1]);
    return okReply(true);
  }
  if (method === 'GET' && path === '/store/table/page') return okReply(pageOf(query.storeId === '1' ? tables : [], 1, 1000));
  if ((method === 'POST' || method === 'PUT') && path === '/store/table') {
    const b = tableBodySchema.parse(body);
    if (tables.some((t) => t.code === b.code && t.id !== b.id)) return failReply(409, `桌号 ${b.code} 已存在`);
    const made = table(b.id ?? String(tables.length + 100), b.areaId, b.code, { seats: b.seats, minSpend: b.minSpend ?? null, enabled: b.enabled });
    tables = method === 'POST' ? [...tables, made] : tables.map((t) => (t.id === b.id ? made : t));
    return okReply(made);
  }
  if (method === 'POST' && path === '/store/table/batch') {
    const b = tableBatchSchema.parse(body);
    const codes = Array.from({ length: b.to - b.from + 1 }, (_, i) => `${b.prefix}${String(b.from + i).padStart(b.digits, '0')}`);
    const taken = codes.filter((c) => tables.some((t) => t.code === c));
    if (taken.length) return failReply(409, `桌号 ${taken.join('、')} 已存在，未创建任何桌台`);
    tables = [...tables, ...codes.map((code, i) => table(String(200 + tables.length + i), b.areaId, code, { seats: b.seats }))];
    return okReply({ created: codes.length });
  }
  const token = /^\/store\/table\/(\d+)\/token$/.exec(path);
  if (token && method === 'PUT') {
    tokens += 1;
    tables = tables.map((t) => (t.id === token[1] ? { ...t, orderUrl: `/order/t/token-${t.id}-${tokens}` } : t));
    return okReply(tables.find((t) => t.id === token[1]));
  }
  // The test server answers JSON: the bytes stand in for the PNG and the PDF.
  if (method === 'GET' && /^\/store\/table\/\d+\/qrcode$/.test(path)) return { body: 'PNG' };
  if (method === 'GET' && path === '/store/table/qrsheet') return { body: 'PDF' };
  const one = /^\/store\/table\/(\d+)$/.exec(path);
  if (one && method === 'DELETE') {
    tables = tables.filter((t) => t.id !== one[1]);
    return okReply(true);
  }
  return undefined;
}

const server = apiServerForFile(route);
// By text: role queries compute styles, slow on antd pages in jsdom.
const button = (scope: Element, text: RegExp) => [...scope.querySelectorAll('button')].filter((b) => text.test(b.textContent?.trim() ?? ''));
const ok = () => button(document.body, /^确\s?定$/).at(-1)!;
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const codes = () => [...screen.getByTestId('table-grid').querySelectorAll<HTMLElement>('[data-testid^="table-"]')].map((c) => c.dataset.testid!.slice(6));
const open = async () => {
  // The first page of a file loads cold: give it longer.
  await screen.findByTestId('tables-page', {}, { timeout: 20_000 });
};
let saved: string[] = [];

beforeEach(() => {
  areas = [
    { id: '1', storeId: '1', name: '大厅', sort: 0, createTime: '' },
    { id: '2', storeId: '1', name: '包间', sort: 1, createTime: '' },
  ];
  tables = [
    table('1', '1', 'A01'),
    table('2', '1', 'A02', { seats: 2 }),
    table('3', '1', 'A03', { enabled: false }),
    table('4', '2', 'V01', { seats: 10, minSpend: 80000 }),
  ];
  tokens = 0;
  saved = [];
  useCurrentStoreState.setState({ storeId: null });
  signInWith(['store:table:index', 'store:table:add', 'store:table:edit', 'store:table:del']);
  URL.createObjectURL = vi.fn(() => 'blob:saved');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('桌台', () => {
  it('is registered behind store:table:index, starts with an area when there is none, and checks the area name', async () => {
    areas = [];
    tables = [];
    const user = userEvent.setup();
    renderPage('views/store/table/index');
    await open();
    expect(screen.getAllByText('还没有区域，先新增一个区域（如 大厅、包间），再添加桌台').length).toBeGreaterThan(0);
    expect(screen.getByTestId('table-add')).toBeDisabled();
    await user.click(screen.getByTestId('area-add'));
    await user.click(ok());
    expect(await screen.findByText('请输入区域名称')).toBeInTheDocument();
    await user.type(screen.getByLabelText('区域名称'), '大厅');
    await user.click(ok());
    await screen.findByText('区域已新增');
    expect(server.calls('POST', '/store/area')[0]!.body).toEqual({ storeId: '1', name: '大厅', sort: 0 });
    expect(await screen.findByText('该区域还没有桌台，可以“批量新增”一次创建 A01–A20')).toBeInTheDocument();
  });

  it('shows the grid by area (no typed state: that is the floor\'s), renames an area and shows the 409 of deleting a full one', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<TablesPage />);
    await open();
    expect(codes()).toEqual(['A01', 'A02', 'A03', 'V01']);
    expect(within(screen.getByTestId('table-A02')).getByText(/^2人/)).toBeInTheDocument();
    for (const state of ['空闲', '就餐中', '待清台']) expect(screen.queryByText(state)).not.toBeInTheDocument();
    expect(screen.queryByTestId('status-filter')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('table-A03')).getByText('停用')).toBeInTheDocument();
    expect(within(screen.getByTestId('table-V01')).getByText('低消 ¥800.00')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('area-2')).getByText('包间'));
    expect(codes()).toEqual(['V01']);
    await user.click(within(screen.getByTestId('area-all')).getByText('全部区域'));
    expect(codes()).toEqual(['A01', 'A02', 'A03', 'V01']);

    await user.click(within(screen.getByTestId('area-2')).getByLabelText('重命名 包间'));
    const name = await screen.findByLabelText('区域名称');
    await user.clear(name);
    await user.type(name, 'VIP包间');
    await user.click(ok());
    await screen.findByText('区域已保存');
    expect(server.calls('PUT', '/store/area')[0]!.body).toEqual({ id: '2', storeId: '1', name: 'VIP包间', sort: 1 });

    await user.click(within(screen.getByTestId('area-1')).getByLabelText('删除区域 大厅'));
    expect(await screen.findByText('确定删除区域“大厅”吗？区域内还有桌台时不能删除。')).toBeInTheDocument();
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('该区域下还有 3 张桌台，不能删除'));
  });

  it('creates a run of tables after checking the numbers, and shows the codes that exist', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<TablesPage />);
    await open();
    await user.click(within(screen.getByTestId('area-2')).getByText('包间'));
    await user.click(screen.getByTestId('table-batch'));
    expect(await screen.findByTestId('batch-preview')).toHaveTextContent('将创建 A01 至 A20，共 20 张');
    const from = screen.getByLabelText('起始编号');
    await user.clear(from);
    await user.type(from, '30');
    await user.click(ok());
    expect(await screen.findByText('起始编号不能大于结束编号')).toBeInTheDocument();
    await user.clear(from);
    await user.type(from, '1');
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('桌号 A01、A02、A03 已存在，未创建任何桌台'));
    const prefix = screen.getByLabelText('桌号前缀');
    await user.clear(prefix);
    await user.type(prefix, 'B 1');
    expect(await screen.findByText('桌号前缀只能包含字母、数字和 -')).toBeInTheDocument();
    await user.clear(prefix);
    await user.type(prefix, 'B');
    expect(screen.getByTestId('batch-preview')).toHaveTextContent('将创建 B01 至 B20，共 20 张');
    await user.click(ok());
    expect(await screen.findByText('已创建 20 张桌台')).toBeInTheDocument();
    expect(server.calls('POST', '/store/table/batch').at(-1)!.body).toEqual({ storeId: '1', areaId: '2', prefix: 'B', from: 1, to: 20, digits: 2, seats: 4 });
    await waitFor(() => expect(codes()).toHaveLength(21));
  });

  it('previews a QR code with the bearer token, downloads it, and regenerates it after the warning', async () => {
    const user = userEvent.setup();
    renderWithApp(<TablesPage />);
    await open();
    await user.click(within(screen.getByTestId('table-A01')).getByLabelText('二维码 A01'));
    const image = await screen.findByTestId('qr-image');
    expect(image.getAttribute('src')).toMatch(/^data:/);
    expect(server.calls('GET', '/store/table/1/qrcode')).toHaveLength(1);
    expect(screen.getByTestId('qr-url')).toHaveTextContent('/order/t/token-1-0');
    await user.click(screen.getByTestId('qr-download'));
    expect(saved).toEqual(['大厅-A01.png']);

    await user.click(screen.getByTestId('qr-regenerate'));
    expect(await screen.findByText('重新生成后，已张贴的旧二维码将失效，需要重新打印张贴。确定重新生成吗？')).toBeInTheDocument();
    await user.click(ok());
    await screen.findByText('二维码已重新生成');
    expect(server.calls('PUT', '/store/table/1/token')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('qr-url')).toHaveTextContent('/order/t/token-1-1'));
    await waitFor(() => expect(server.calls('GET', '/store/table/1/qrcode')).toHaveLength(2));
  });

  it('downloads the QR sheet of the chosen area', async () => {
    const user = userEvent.setup();
    renderWithApp(<TablesPage />);
    await open();
    await user.click(within(screen.getByTestId('area-1')).getByText('大厅'));
    await user.click(screen.getByTestId('table-print'));
    await waitFor(() => expect(saved).toEqual(['川味小馆-大厅-桌台二维码.pdf']));
    expect(server.calls('GET', '/store/table/qrsheet')[0]!.query).toEqual({ storeId: '1', areaId: '1' });
  });

  it('adds, edits and deletes one table, money in yuan', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<TablesPage />);
    await open();
    await user.click(screen.getByTestId('table-add'));
    const code = await screen.findByLabelText('桌号');
    await user.type(code, 'A 9');
    expect(await screen.findByText('桌号只能包含字母、数字和 -')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'A01');
    await user.type(screen.getByLabelText('最低消费（元）'), '199.9');
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('桌号 A01 已存在'));
    await user.clear(code);
    await user.type(code, 'A09');
    await user.click(ok());
    await screen.findByText('桌台已新增');
    expect(server.calls('POST', '/store/table').at(-1)!.body).toEqual({ storeId: '1', areaId: '1', code: 'A09', seats: 4, minSpend: 19990, enabled: true, sort: 0 });

    await user.click(within(await screen.findByTestId('table-A09')).getByLabelText('编辑 A09'));
    const seats = await screen.findByLabelText('座位数');
    await user.clear(seats);
    await user.click(ok());
    expect(await screen.findByText('请输入座位数')).toBeInTheDocument();
    await user.type(seats, '6');
    await user.click(ok());
    await screen.findByText('桌台已保存');
    expect(server.calls('PUT', '/store/table')[0]!.body).toMatchObject({ id: '104', code: 'A09', seats: 6, minSpend: 19990 });

    await user.click(within(screen.getByTestId('table-A09')).getByLabelText('删除 A09'));
    expect(await screen.findByText('确定删除桌台 A09 吗？')).toBeInTheDocument();
    await user.click(ok());
    await screen.findByText('桌台已删除');
    await waitFor(() => expect(screen.queryByTestId('table-A09')).toBeNull());
    expect(errors()).toEqual([]);
  });

  it('asks before 取消 drops a change to a table, a run of tables or an area (issue 27 #6); one only opened closes at once', async () => {
    const user = userEvent.setup();
    renderWithApp(<TablesPage />);
    await open();
    const cancel = () => user.click(button(document.body, /^取\s?消$/).at(-1)!);
    const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;
    const discard = async () => user.click((await screen.findAllByTestId('discard-confirm')).at(-1)!);
    const gone = (label: string) => waitFor(() => expect(screen.queryByLabelText(label)).toBeNull());

    // Opened and left untouched: 取消 closes each at once.
    await user.click(within(await screen.findByTestId('table-A01')).getByLabelText('编辑 A01'));
    expect(await screen.findByLabelText('座位数')).toHaveValue('4');
    await cancel();
    await gone('座位数');
    await user.click(screen.getByTestId('table-batch'));
    await screen.findByTestId('batch-preview');
    await cancel();
    await waitFor(() => expect(screen.queryByTestId('batch-preview')).toBeNull());
    await user.click(within(screen.getByTestId('area-2')).getByLabelText('重命名 包间'));
    await screen.findByLabelText('区域名称');
    await cancel();
    await gone('区域名称');
    expect(questions()).toBe(0);

    // Changed: 取消 asks, 放弃修改 closes, nothing sent.
    await user.click(within(screen.getByTestId('table-A01')).getByLabelText('编辑 A01'));
    const seats = await screen.findByLabelText('座位数');
    await user.clear(seats);
    await user.type(seats, '6');
    await cancel();
    await waitFor(() => expect(questions()).toBe(1));
    await discard();
    await gone('座位数');
    await user.click(screen.getByTestId('table-batch'));
    const prefix = await screen.findByLabelText('桌号前缀');
    await user.clear(prefix);
    await user.type(prefix, 'B');
    await cancel();
    await waitFor(() => expect(questions()).toBe(2));
    await discard();
    await waitFor(() => expect(screen.queryByTestId('batch-preview')).toBeNull());
    await user.click(within(screen.getByTestId('area-2')).getByLabelText('重命名 包间'));
    await user.type(await screen.findByLabelText('区域名称'), '二楼');
    await cancel();
    await waitFor(() => expect(questions()).toBe(3));
    await discard();
    await gone('区域名称');
    expect(server.calls('PUT', '/store/table')).toHaveLength(0);
    expect(server.calls('POST', '/store/table/batch')).toHaveLength(0);
    expect(server.calls('PUT', '/store/area')).toHaveLength(0);
  });

  it('offers only QR codes and the sheet without the add, edit and delete codes', async () => {
    signInWith(['store:table:index']);
    renderWithApp(<TablesPage />);
    await open();
    expect(screen.queryByTestId('table-add')).toBeNull();
    expect(screen.queryByTestId('table-batch')).toBeNull();
    expect(screen.queryByTestId('area-add')).toBeNull();
    expect(within(screen.getByTestId('table-A01')).queryByLabelText('编辑 A01')).toBeNull();
    expect(within(screen.getByTestId('table-A01')).getByLabelText('二维码 A01')).toBeInTheDocument();
    expect(screen.getByTestId('table-print')).toBeEnabled();
  });
});
