import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isPrinterPort, printerBodySchema, printerPortMessage, type PrinterRecord, type PrintJobRecord } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, pageOf, type Received } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import { renderPage } from '../../../test/page';
import { useCurrentStoreState } from '../../shared/store/current-store';
import { job, preview, printer } from './printing-fixtures';
import PrintersPage from './PrintersPage';

let printers: PrinterRecord[] = [];
let jobs: PrintJobRecord[] = [];
let account = { user: '', ukeyMasked: null as string | null, configured: false };

function route({ method, path, body, query }: Received) {
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }]);
  if (method === 'GET' && path === '/store/category/page') {
    return okReply(pageOf([{ id: '11', storeId: '1', name: '热菜', kind: 'dish', sort: 0, enabled: true, itemCount: 3, createTime: '2026-01-01T00:00:00Z' }, { id: '12', storeId: '1', name: '饮品', kind: 'dish', sort: 1, enabled: true, itemCount: 2, createTime: '2026-01-01T00:00:00Z' }], 1, 1000));
  }
  if (method === 'GET' && path === '/store/printer/page') {
    const rows = printers.filter((p) => p.storeId === query.storeId && (!query.status || p.status === query.status));
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  if (method === 'GET' && path === '/store/printer/preview') return okReply(preview(query.ticket!, Number(query.paper)));
  if (method === 'GET' && path === '/store/printer/feie-account') return okReply(account);
  if (method === 'PUT' && path === '/store/printer/feie-account') {
    const { user, ukey } = body as { user: string; ukey?: string };
    account = { user, ukeyMasked: ukey ? `****${ukey.slice(-4)}` : account.ukeyMasked, configured: true };
    return okReply(account);
  }
  if (method === 'POST' && path === '/store/printer') {
    const parsed = printerBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    // A store operator without store:printer:port (the server's refusal).
    if (parsed.data.brand === 'escpos' && !isPrinterPort(parsed.data.port)) return failReply(403, printerPortMessage(parsed.data.port));
    const { feieKey: _key, ...rest } = parsed.data;
    const made = printer(String(printers.length + 10), parsed.data.name, { ...rest, feieSn: rest.feieSn ?? null, host: rest.host ?? null, port: rest.brand === 'escpos' ? rest.port : null, status: 'unknown' });
    printers.push(made);
    return okReply(made);
  }
  if (method === 'PUT' && path === '/store/printer') {
    const parsed = printerBodySchema.safeParse(body);
    if (!parsed.success) return failReply(400, parsed.error.issues[0]!.message);
    if (!parsed.data.id) return failReply(400, '缺少编号');
    printers = printers.map((p) => (p.id === parsed.data.id ? { ...p, enabled: parsed.data.enabled, name: parsed.data.name } : p));
    return okReply(printers.find((p) => p.id === parsed.data.id));
  }
  // The cloud keeps 前台 (its Open_printerDelList `no`): the server refuses the delete and says why.
  const remove = /^\/store\/printer\/(\d+)$/.exec(path);
  if (remove && method === 'DELETE') {
    if (remove[1] === '1') return failReply(409, '飞鹅云未删除打印机 923010001：设备正在打印订单。打印机未删除，请在飞鹅云后台处理后再删除');
    printers = printers.filter((p) => p.id !== remove[1]);
    return okReply(true);
  }
  const test = /^\/store\/printer\/(\d+)\/test$/.exec(path);
  if (test && method === 'POST') {
    const made = job(String(jobs.length + 100), { printerId: test[1]!, orderId: null, orderNo: null, ticket: 'test', status: 'pending', sentAt: null });
    jobs.unshift(made);
    return okReply(made);
  }
  if (method === 'GET' && path === '/store/printer/job/page') {
    const rows = jobs.filter((j) => (!query.printerId || j.printerId === query.printerId) && (!query.orderNo || j.orderNo === query.orderNo) && (!query.status || j.status === query.status));
    return okReply(pageOf(rows, Number(query.current), Number(query.size)));
  }
  const reprint = /^\/store\/printer\/job\/(\d+)\/reprint$/.exec(path);
  if (reprint && method === 'POST') {
    const of = jobs.find((j) => j.id === reprint[1])!;
    const made = { ...of, id: String(jobs.length + 200), reprintOf: of.id, status: 'pending' as const, sentAt: null };
    jobs.unshift(made);
    return okReply(made);
  }
  return undefined;
}

const server = apiServerForFile(route);
const button = (scope: HTMLElement, text: RegExp) => [...scope.querySelectorAll('button')].filter((b) => text.test(b.textContent?.trim() ?? ''));
const ok = () => button(document.body, /^确\s?定$/).at(-1)!;
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const loaded = async (text: string) => {
  await screen.findByText(text, {}, { timeout: 20_000 });
  await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());
};

beforeEach(() => {
  printers = [
    printer('1', '前台'),
    printer('2', '热菜档口', { brand: 'escpos', feieSn: null, feieKeyMasked: null, host: '192.168.1.50', port: 9100, paper: 80, tickets: ['kitchen'], categoryIds: ['11'], status: 'offline', statusMessage: '连接超时' }),
    printer('3', '吧台', { status: 'no_paper', tickets: ['kitchen', 'refund'], kitchenSplit: 'dish' }),
  ];
  jobs = [
    job('1', { ticket: 'kitchen', printerId: '2', printerName: '热菜档口', status: 'failed', attempts: 8, lastError: '连接超时', sentAt: null }),
    job('2', { orderNo: '2611250002', orderId: '502' }),
  ];
  account = { user: '', ukeyMasked: null, configured: false };
  useCurrentStoreState.setState({ storeId: null });
  signInWith(['store:printer:index', 'store:printer:add', 'store:printer:edit', 'store:printer:del', 'store:printer:account']);
});

describe('打印机', () => {
  it('is registered behind store:printer:index and lists the store\'s printers with their status', async () => {
    renderPage('views/store/printer/index');
    await loaded('热菜档口');
    expect(server.calls('GET', '/store/printer/page')[0]!.query).toMatchObject({ storeId: '1' });
    expect(within(rowOf('前台')).getByTestId('printer-status')).toHaveTextContent('在线');
    expect(within(rowOf('热菜档口')).getByTestId('printer-status')).toHaveTextContent('离线');
    expect(within(rowOf('吧台')).getByTestId('printer-status')).toHaveTextContent('缺纸');
    expect(within(rowOf('热菜档口')).getByText('192.168.1.50:9100')).toBeInTheDocument();
    expect(within(rowOf('吧台')).getByText('后厨单 · 一菜一张')).toBeInTheDocument();
  });

  it('adds a printer with the brand\'s own fields and a preview of its tickets on the chosen paper', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<PrintersPage />);
    await loaded('前台');
    await user.click(screen.getByTestId('resource-add'));
    const form = await screen.findByTestId('resource-form');
    // 飞鹅 first: SN and key, no address.
    expect(within(form).getByLabelText('打印机编号（SN）')).toBeInTheDocument();
    expect(within(form).queryByLabelText('打印机地址')).toBeNull();
    await user.click(ok());
    expect(await within(form).findByText('请输入打印机密钥（KEY）')).toBeInTheDocument();
    // The receipt, previewed on 58 mm paper from the server's layout.
    const paper = await within(form).findByTestId('ticket-paper');
    expect(paper).toHaveAttribute('data-columns', '32');
    expect(within(paper).getByText('川味小馆')).toBeInTheDocument();
    await user.click(within(form).getByText(/^80mm/));
    await waitFor(() => expect(within(form).getByTestId('ticket-paper')).toHaveAttribute('data-columns', '48'));
    expect(server.calls('GET', '/store/printer/preview').at(-1)!.query).toMatchObject({ ticket: 'receipt', paper: '80' });

    await user.click(within(form).getByText('网络打印机（ESC/POS）'));
    expect(within(form).queryByLabelText('打印机编号（SN）')).toBeNull();
    await user.type(within(form).getByLabelText('名称'), '后厨');
    await user.click(ok());
    expect(await within(form).findByText('请输入打印机地址')).toBeInTheDocument();
    // An address no printer is at is refused in the form (the contract's check), and nothing is sent.
    expect(within(form).getByText('网络打印机通常使用 9100–9109 端口；其他端口需要管理员设置')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('打印机地址'), '169.254.169.254');
    await user.click(ok());
    expect(await within(form).findByText('打印机地址不允许：链路本地或云元数据地址')).toBeInTheDocument();
    expect(server.calls('POST', '/store/printer')).toHaveLength(0);
    await user.clear(within(form).getByLabelText('打印机地址'));
    await user.type(within(form).getByLabelText('打印机地址'), '10.0.0.8');
    // A port outside 9100–9109: the server's 403 names the range.
    await user.clear(within(form).getByLabelText('端口'));
    await user.type(within(form).getByLabelText('端口'), '9200');
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('端口 9200 不在 9100–9109 之间，需要管理员设置（权限 store:printer:port）'));
    await user.clear(within(form).getByLabelText('端口'));
    await user.type(within(form).getByLabelText('端口'), '9100');
    await user.click(ok());
    await screen.findByText('新增成功');
    const sent = printerBodySchema.parse(server.calls('POST', '/store/printer').at(-1)!.body);
    expect(sent).toMatchObject({ storeId: '1', name: '后厨', brand: 'escpos', host: '10.0.0.8', port: 9100, paper: 80, tickets: ['receipt'], copies: 1, trigger: 'on_paid', enabled: true });
    expect(sent.feieSn).toBeUndefined();
  });

  it('edits a 飞鹅 printer without sending its key when none is typed, and test-prints', async () => {
    const user = userEvent.setup();
    renderWithApp(<PrintersPage />);
    await loaded('前台');
    await user.click(button(rowOf('前台'), /^编\s?辑$/)[0]!);
    const form = await screen.findByTestId('resource-form');
    await waitFor(() => expect(within(form).getByLabelText('打印机编号（SN）')).toHaveValue('923010001'));
    await user.clear(within(form).getByLabelText('名称'));
    await user.type(within(form).getByLabelText('名称'), '收银台');
    await user.click(ok());
    await screen.findByText('修改成功');
    const body = server.calls('PUT', '/store/printer').at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: '1', name: '收银台', brand: 'feie', feieSn: '923010001' });
    expect('feieKey' in body).toBe(false);

    await user.click(button(await waitFor(() => rowOf('收银台')), /测试打印/)[0]!);
    await screen.findByText('测试页已加入打印队列');
    expect(server.calls('POST', '/store/printer/1/test')).toHaveLength(1);
  });

  it('lists the print jobs, filters them by order number, and reprints one marked 重打', async () => {
    const user = userEvent.setup();
    renderWithApp(<PrintersPage />);
    await loaded('前台');
    await user.click(screen.getByText('打印记录', { selector: '.ant-tabs-tab-btn' }));
    const log = await screen.findByTestId('print-job-page');
    await within(log).findByText('2611250002');
    const failed = within(log).getAllByTestId('print-job-status').find((tag) => tag.dataset.status === 'failed')!;
    expect(failed).toHaveTextContent('发送失败');
    expect(server.calls('GET', '/store/printer/job/page')[0]!.query).toMatchObject({ storeId: '1' });

    await user.type(within(log).getByLabelText('订单号'), '2611250002');
    await user.click(button(log, /^搜\s?索$/)[0]!);
    await waitFor(() => expect(within(log).queryByText('热菜档口')).toBeNull());
    expect(server.calls('GET', '/store/printer/job/page').at(-1)!.query).toMatchObject({ storeId: '1', orderNo: '2611250002' });
    await user.click(button(log, /^清\s?空$/)[0]!);
    await within(log).findByText('热菜档口');
    await waitFor(() => expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull());

    const again = within(log).getAllByTestId('print-job-status').find((tag) => tag.dataset.status === 'failed')!;
    await user.click(button(again.closest('tr')!, /重打/)[0]!);
    await user.click(ok());
    await screen.findByText('已加入重打队列');
    expect(server.calls('POST', '/store/printer/job/1/reprint')).toHaveLength(1);
    await waitFor(() => expect(within(log).getAllByTestId('print-job-reprint')).toHaveLength(1));
  });

  it('a 飞鹅 printer the cloud did not delete stays, and the user reads why', async () => {
    const user = userEvent.setup();
    const { notified } = renderWithApp(<PrintersPage />);
    await loaded('前台');
    await user.click(button(rowOf('前台'), /^删\s?除$/)[0]!);
    await user.click(ok());
    await waitFor(() => expect(notified).toContain('飞鹅云未删除打印机 923010001：设备正在打印订单。打印机未删除，请在飞鹅云后台处理后再删除'));
    expect(server.calls('DELETE', '/store/printer/1')).toHaveLength(1);
    expect(screen.queryByText('删除成功')).toBeNull();
    expect(rowOf('前台')).toBeInTheDocument();
  });

  it('saves the 飞鹅 account, the UKEY kept when left empty', async () => {
    const user = userEvent.setup();
    renderWithApp(<PrintersPage />);
    await loaded('前台');
    await user.click(screen.getByText('飞鹅账号', { selector: '.ant-tabs-tab-btn' }));
    const card = await screen.findByTestId('feie-account');
    expect(await within(card).findByText('尚未配置飞鹅账号，飞鹅打印机无法打印')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('飞鹅账号'), 'demo@canteen.test');
    await user.type(within(card).getByLabelText('UKEY'), 'UKEY0000abcd');
    await user.click(screen.getByTestId('feie-account-save'));
    await screen.findByText('飞鹅账号已保存');
    expect(server.calls('PUT', '/store/printer/feie-account').at(-1)!.body).toEqual({ user: 'demo@canteen.test', ukey: 'UKEY0000abcd' });
    expect(await within(card).findByText('留空则保留已保存的UKEY（****abcd）')).toBeInTheDocument();
    await user.click(screen.getByTestId('feie-account-save'));
    await waitFor(() => expect(server.calls('PUT', '/store/printer/feie-account')).toHaveLength(2));
    expect(server.calls('PUT', '/store/printer/feie-account').at(-1)!.body).toEqual({ user: 'demo@canteen.test' });
  });
});
