import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { REPORTS, type ReportName } from '@canteen/contract';
import { apiServerForFile, failReply, okReply, type Received } from '../../../../test/api-server';
import { renderPage } from '../../../../test/page';
import { signInWith } from '../../../../test/render';
import { useCurrentStoreState } from '../../../shared/store/current-store';
import { reportAnswers } from '../report-fixtures';

/** A store the server refuses (another owner's, as the server would say). */
const FOREIGN_STORE = '2';
let refuseForeign = false;

function route({ method, path, query }: Received) {
  if (refuseForeign && query.storeId === FOREIGN_STORE) return failReply(404, '门店不存在');
  if (method === 'GET' && path === '/store/shop/mine') return okReply([{ id: '1', name: '川味小馆', isOpen: true, openNow: true }, { id: '2', name: '面馆', isOpen: true, openNow: true }]);
  const report = /^\/report\/(\w+)(\/export)?$/.exec(path);
  if (method === 'GET' && report && (REPORTS as readonly string[]).includes(report[1]!)) {
    if (report[2]) return { body: 'PK-xlsx' };
    const answer = reportAnswers(query.dateFrom!, query.dateTo!)[report[1] as ReportName];
    // A range reaching today compares with the previous period up to the same moment (the server says until when).
    if (report[1] === 'overview' && query.dateTo === today) return okReply({ ...answer, previousUntil: dayjs(`${query.dateFrom}T12:34`).subtract(7, 'day').toISOString() });
    return okReply(answer);
  }
  return undefined;
}

const server = apiServerForFile(route);
const today = dayjs().format('YYYY-MM-DD');
const reportCalls = (name: string) => server.calls('GET', `/report/${name}`);

beforeEach(() => {
  refuseForeign = false;
  useCurrentStoreState.setState({ storeId: '2' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const open = async () => {
  const result = renderPage('views/report/sales/index');
  await screen.findByTestId('overview-netAmount', undefined, { timeout: 60_000 });
  return result;
};

describe('营业报表', () => {
  it('opens on today’s 营业概况 of the header’s store: figures against the previous period and every figure in a table', async () => {
    signInWith(['report:sales:index']);
    await open();
    expect(reportCalls('overview')[0]!.query).toEqual({ storeId: '2', dateFrom: today, dateTo: today });
    expect(screen.getByTestId('overview-netAmount')).toHaveTextContent('实收¥4600.00');
    // 4600 against 4000: up 15 %; 40 orders against 50: down 20 %; 90 guests both: 0 %.
    expect(screen.getByTestId('overview-netAmount-change')).toHaveTextContent('15.0%');
    expect(screen.getByTestId('overview-orders-change')).toHaveTextContent('20.0%');
    expect(screen.getByTestId('overview-guests-change')).toHaveTextContent('0.0%');
    expect(screen.getByText(`上期 2026-11-11 至 2026-11-17，截至 ${dayjs(today).subtract(7, 'day').format('MM-DD')} 12:34（与本期同一时刻）`)).toBeInTheDocument();
    const table = screen.getByTestId('overview-table');
    expect(within(table).getByText('优惠合计').closest('tr')).toHaveTextContent('¥180.00');
    expect(within(table).getByText('客单价').closest('tr')).toHaveTextContent('¥115.00');
    // A single day: no daily chart, no daily table; only the open tab asked the server.
    expect(screen.queryByTestId('overview-chart')).toBeNull();
    expect(server.received.filter((r) => r.path.startsWith('/report/')).map((r) => r.path)).toEqual(['/report/overview']);
    // No export button without report:sales:export.
    expect(screen.queryByTestId('report-export')).toBeNull();
  });

  it('asks again for a preset’s range and for 全部门店 (no storeId), and charts the days of a range', async () => {
    signInWith(['report:sales:index']);
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('report-preset-last7'));
    await waitFor(() => expect(reportCalls('overview').at(-1)!.query).toEqual({ storeId: '2', dateFrom: dayjs().subtract(6, 'day').format('YYYY-MM-DD'), dateTo: today }));
    expect(await screen.findByTestId('overview-chart')).toBeInTheDocument();
    expect(await screen.findByTestId('overview-daily')).toHaveTextContent('¥3600.00');
    await user.click(screen.getByTestId('report-preset-thisMonth'));
    await waitFor(() => expect(reportCalls('overview').at(-1)!.query.dateFrom).toBe(dayjs().startOf('month').format('YYYY-MM-DD')));
    // 自定义 starts from the range shown (no new question) and offers the calendar.
    const asked = reportCalls('overview').length;
    await user.click(screen.getByTestId('report-preset-custom'));
    const range = await screen.findByTestId('report-range');
    expect(reportCalls('overview')).toHaveLength(asked);
    // A range typed into the calendar's inputs.
    const [start, end] = within(range).getAllByRole('textbox');
    const from = dayjs().subtract(40, 'day').format('YYYY-MM-DD');
    const to = dayjs().subtract(10, 'day').format('YYYY-MM-DD');
    await user.click(start!);
    fireEvent.change(start!, { target: { value: from } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(end!, { target: { value: to } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(reportCalls('overview').at(-1)!.query).toEqual({ storeId: '2', dateFrom: from, dateTo: to }));
    // Longer than a report covers: not asked.
    const before = reportCalls('overview').length;
    fireEvent.change(start!, { target: { value: dayjs().subtract(400, 'day').format('YYYY-MM-DD') } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.change(end!, { target: { value: to } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await new Promise((r) => setTimeout(r, 500));
    expect(reportCalls('overview')).toHaveLength(before);

    await user.click(screen.getByRole('combobox', { name: '门店' }));
    await user.click(await screen.findByTitle('全部门店'));
    await waitFor(() => expect(reportCalls('overview').at(-1)!.query).not.toHaveProperty('storeId'));
    // Back to a store: the header's store follows.
    await user.click(screen.getByRole('combobox', { name: '门店' }));
    await user.click(await screen.findByTitle('川味小馆'));
    await waitFor(() => expect(reportCalls('overview').at(-1)!.query.storeId).toBe('1'));
    expect(useCurrentStoreState.getState().storeId).toBe('1');
  });

  it('shows each report in its tab with its table', async () => {
    signInWith(['report:sales:index']);
    const user = userEvent.setup();
    await open();
    const expectations: Array<[ReportName, string, string[]]> = [
      ['dishes', 'dishes-table', ['宫保鸡丁', '¥1140.00', '45.6%', '套餐', '1.25']],
      ['categories', 'categories-table', ['热菜', '53.5%']],
      ['payments', 'payments-table', ['现金', '¥1960.00', '微信支付', '会员余额']],
      ['hours', 'hours-table', ['12:00 – 13:00', '¥3000.00']],
      ['channels', 'channels-table', ['堂食', '扫码点餐', '外带', '收银台', '65.2%']],
      ['wallet', 'wallet-table', ['¥1000.00', '¥200.00', '¥20.00']],
      ['coupons', 'coupons-table', ['使用率', '满50减10', '25.0%', '¥420.00']],
      ['tables', 'tables-table', ['A01', '大厅', '2.00', '48']],
    ];
    for (const [name, table, texts] of expectations) {
      await user.click(screen.getByTestId(`report-tab-${name}`));
      const shown = await screen.findByTestId(table);
      for (const text of texts) expect(shown).toHaveTextContent(text);
      expect(reportCalls(name)).toHaveLength(1);
      // 储值's daily chart needs more than one day; every other report charts a single day too.
      if (name !== 'wallet') expect(screen.getByTestId(`${name}-chart`).querySelector('svg')).not.toBeNull();
    }
    await user.click(screen.getByTestId('report-tab-wallet'));
    expect(await screen.findByTestId('wallet-outstandingPrincipal')).toHaveTextContent('¥8200.00');
  });

  it('exports the open report as .xlsx with its filters, with report:sales:export', async () => {
    signInWith(['report:sales:index', 'report:sales:export']);
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => { created.push(blob); return 'blob:report'; }, revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push(this.download); });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByTestId('report-tab-dishes'));
    await screen.findByTestId('dishes-table');
    await user.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(saved).toEqual([`营业报表-菜品排行-面馆-${today}至${today}.xlsx`]));
    expect(server.calls('GET', '/report/dishes/export')[0]!.query).toEqual({ storeId: '2', dateFrom: today, dateTo: today });
    expect(created).toHaveLength(1);
    click.mockRestore();
  });

  it('shows the server’s refusal in place of the report', async () => {
    signInWith(['report:sales:index']);
    refuseForeign = true;
    const { notified } = renderPage('views/report/sales/index');
    expect(await screen.findByTestId('report-error', undefined, { timeout: 60_000 })).toHaveTextContent('门店不存在');
    expect(notified).toContain('门店不存在');
  });
});
