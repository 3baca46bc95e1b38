import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderPrintBodySchema, type PrintJobRecord } from '@canteen/contract';
import { apiServerForFile, okReply, pageOf } from '../../../test/api-server';
import { renderWithApp, signInWith } from '../../../test/render';
import '../../app/order-drawer-registry';
import { OrderDrawerSections } from '../../shared/order-drawer/OrderDrawerSections';
import { orderDrawerSections } from '../../shared/order-drawer/sections';
import { job, printer } from './printing-fixtures';

let jobs: PrintJobRecord[] = [];
const server = apiServerForFile(({ method, path, body }) => {
  if (method === 'GET' && path === '/order/order/501/prints') return okReply(jobs);
  if (method === 'GET' && path === '/store/printer/page') return okReply(pageOf([printer('1', '前台'), printer('2', '热菜档口', { tickets: ['kitchen'] }), printer('3', '停用', { enabled: false })], 1, 100));
  if (method === 'POST' && path === '/order/order/501/prints') {
    const { printerId, ticket } = orderPrintBodySchema.parse(body);
    const made = job('80', { printerId, ticket, printerName: printerId === '1' ? '前台' : '热菜档口', status: 'pending', sentAt: null });
    jobs = [made, ...jobs];
    return okReply(made);
  }
  const reprint = /^\/order\/order\/501\/prints\/(\d+)\/reprint$/.exec(path);
  if (reprint && method === 'POST') {
    const of = jobs.find((j) => j.id === reprint[1])!;
    const made: PrintJobRecord = { ...of, id: '90', reprintOf: of.id, status: 'sent', sentAt: '2026-11-25T03:05:00.000Z' };
    jobs = [made, ...jobs];
    return okReply(made);
  }
  return undefined;
});

beforeEach(() => {
  jobs = [
    job('1', { ticket: 'kitchen', round: 2, printerName: '热菜档口' }),
    job('2', { status: 'failed', lastError: '打印机离线', attempts: 8, sentAt: null }),
  ];
});

const buttons = (scope: HTMLElement, text: RegExp) => [...scope.querySelectorAll('button')].filter((b) => text.test(b.textContent?.trim() ?? ''));

describe('the order drawer\'s 打印记录', () => {
  it('is a section the printing feature registers, behind order:order:get', () => {
    expect(orderDrawerSections().map((s) => [s.key, s.permission])).toContainEqual(['printing.jobs', 'order:order:get']);
    signInWith(['order:order:index']);
    renderWithApp(<OrderDrawerSections orderId="501" orderNo="2611250001" storeId="1" revision="paid:1:0:3" />);
    expect(screen.queryByTestId('order-prints')).toBeNull();
  });

  it('lists the order\'s jobs (round, status) and reprints one, marked 重打', async () => {
    signInWith(['order:order:index', 'order:order:get', 'order:order:edit']);
    const user = userEvent.setup();
    renderWithApp(<OrderDrawerSections orderId="501" orderNo="2611250001" storeId="1" revision="paid:1:0:3" />);
    const table = await screen.findByTestId('order-prints', {}, { timeout: 20_000 });
    await within(table).findByText('热菜档口');
    expect(within(table).getByText('第2轮')).toBeInTheDocument();
    expect(within(table).getByText('发送失败')).toBeInTheDocument();

    const failedRow = within(table).getByText('发送失败').closest('tr')!;
    await user.click(within(failedRow).getByTestId('order-print-reprint'));
    const confirm = (await screen.findByText('确定重打这张小票吗？')).closest<HTMLElement>('.ant-popover')!;
    await user.click(buttons(confirm, /^确\s?定$/)[0]!);
    await screen.findByText('已加入重打队列');
    expect(server.calls('POST', '/order/order/501/prints/2/reprint')).toHaveLength(1);
    await waitFor(() => expect(within(table).getAllByTestId('print-job-reprint')).toHaveLength(1));
    // 打印 needs 打印机's code to choose a printer.
    expect(within(table).queryByTestId('order-print-now')).toBeNull();
  });

  it('prints a ticket of the order on the first enabled printer', async () => {
    signInWith(['order:order:index', 'order:order:get', 'order:order:edit', 'store:printer:index']);
    const user = userEvent.setup();
    renderWithApp(<OrderDrawerSections orderId="501" orderNo="2611250001" storeId="1" revision="paid:1:0:3" />);
    const table = await screen.findByTestId('order-prints', {}, { timeout: 20_000 });
    const now = await within(table).findByTestId('order-print-now');
    await within(now).findByText('前台');
    await user.click(within(now).getByTestId('order-print-submit'));
    await screen.findByText('已加入打印队列');
    expect(server.calls('POST', '/order/order/501/prints').at(-1)!.body).toEqual({ printerId: '1', ticket: 'receipt' });
    expect(server.calls('GET', '/store/printer/page')[0]!.query).toMatchObject({ storeId: '1' });
    await waitFor(() => expect(within(table).getAllByTestId('order-print-job')).toHaveLength(3));
  });

  it('offers no 重打 without order:order:edit', async () => {
    signInWith(['order:order:index', 'order:order:get']);
    renderWithApp(<OrderDrawerSections orderId="501" orderNo="2611250001" storeId="1" revision="paid:1:0:3" />);
    const table = await screen.findByTestId('order-prints', {}, { timeout: 20_000 });
    await within(table).findByText('热菜档口');
    expect(within(table).queryByTestId('order-print-reprint')).toBeNull();
  });

  it('reads the jobs again when the order changes (a refund\'s tickets appear without reopening the drawer)', async () => {
    signInWith(['order:order:index', 'order:order:get']);
    function Drawer() {
      const [revision, setRevision] = useState('paid:1:0:3');
      return (
        <>
          <button type="button" onClick={() => setRevision('partially_refunded:1:1:4')}>refunded</button>
          <OrderDrawerSections orderId="501" orderNo="2611250001" storeId="1" revision={revision} />
        </>
      );
    }
    renderWithApp(<Drawer />);
    const table = await screen.findByTestId('order-prints', {}, { timeout: 20_000 });
    await within(table).findByText('热菜档口');
    jobs = [job('70', { ticket: 'refund', printerName: '退款打印机', status: 'sent' }), ...jobs];
    await userEvent.click(screen.getByText('refunded'));
    expect(await within(table).findByText('退款打印机')).toBeInTheDocument();
  });
});
