import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PRINTER_STATUSES, type EscposPrinter, type PrinterStatus } from './escpos-printer.js';
import type { PrinterHub } from './hub.js';
import { COLUMNS_BY_PAPER, type PaperWidth } from './paper.js';

type Body = Record<string, unknown>;

/** A text field of a JSON body ('' when missing or not text). */
const textOf = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const statusOf = (value: unknown): PrinterStatus => {
  if (value === 'no_paper') return 'paper_out'; // the product's name for it
  if (PRINTER_STATUSES.includes(value as PrinterStatus)) return value as PrinterStatus;
  throw new ControlError(400, `status 须为 ${PRINTER_STATUSES.join(' / ')}`);
};
const paperOf = (value: unknown): PaperWidth => {
  if (value === 58 || value === 80) return value;
  throw new ControlError(400, 'paper 须为 58 或 80');
};

export const escposView = (printer: EscposPrinter) => ({
  id: printer.id,
  port: printer.port,
  host: printer.host,
  name: printer.name,
  paper: printer.paper,
  status: printer.status,
  statusDelayMs: printer.statusDelayMs,
  holding: printer.isHolding,
  heldBytes: printer.heldBytes(),
  listening: printer.listenError === null,
  listenError: printer.listenError,
  connections: printer.connections,
  bytesReceived: printer.bytesReceived,
  printed: printer.printed().length,
  lost: printer.tickets.length - printer.printed().length,
});

/** The printers' control face (`/sim/printer/*`, JSON). */
export function registerPrinterControl(app: FastifyInstance, hub: PrinterHub, seed: boolean): void {
  const { cloud } = hub;
  const handle =
    <T>(run: (body: Body, params: Record<string, string>, query: Record<string, string>) => Promise<T> | T) =>
    async (request: { body?: unknown; params: unknown; query: unknown }, reply: FastifyReply) => {
      try {
        return await run((request.body ?? {}) as Body, request.params as Record<string, string>, request.query as Record<string, string>);
      } catch (error) {
        if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message });
        throw error;
      }
    };
  const feieView = (sn: string) => {
    const device = cloud.device(sn);
    const orders = cloud.orders.filter((o) => o.sn === sn);
    return { ...device, id: `feie:${sn}`, waiting: orders.filter((o) => o.state === 'waiting').length, printed: orders.filter((o) => o.state === 'printed').length };
  };
  const escposOf = (port: string) => {
    const printer = hub.escpos.get(Number(port));
    if (!printer) throw new ControlError(404, `没有监听端口 ${port} 的网络打印机`);
    return printer;
  };

  app.get('/sim/printer', async () => ({
    feie: { accounts: cloud.accounts, printers: [...cloud.devices.keys()].map(feieView) },
    escpos: [...hub.escpos.values()].map(escposView),
    columns: COLUMNS_BY_PAPER,
  }));
  app.post(
    '/sim/printer/reset',
    handle(async () => {
      cloud.reset(seed);
      hub.clearTickets();
      for (const printer of hub.escpos.values()) await printer.setStatus('online');
      return { ok: true };
    }),
  );
  app.get(
    '/sim/printer/tickets',
    handle((_body, _params, query) => hub.tickets(query.printer || undefined, query.limit ? Number(query.limit) : 50)),
  );
  app.delete(
    '/sim/printer/tickets',
    handle((_body, _params, query) => {
      hub.clearTickets(query.printer || undefined);
      return { ok: true };
    }),
  );

  // --- 飞鹅 ----------------------------------------------------------------------------------------
  app.get('/sim/printer/feie/accounts', async () => cloud.accounts);
  app.post(
    '/sim/printer/feie/accounts',
    handle((body) => {
      const user = textOf(body.user).trim();
      const ukey = textOf(body.ukey).trim();
      if (!user || !ukey) throw new ControlError(400, 'user 与 ukey 必填');
      const existing = cloud.account(user);
      if (existing) existing.ukey = ukey;
      else cloud.accounts.push({ user, ukey });
      return { user, ukey };
    }),
  );
  app.get('/sim/printer/feie/devices', async () => [...cloud.devices.keys()].map(feieView));
  app.get(
    '/sim/printer/feie/devices/:sn',
    handle((_body, params) => {
      if (!/^\d{9}$/.test(params.sn!)) throw new ControlError(400, 'SN 为 9 位数字');
      return feieView(params.sn!);
    }),
  );
  app.patch(
    '/sim/printer/feie/devices/:sn',
    handle((body, params) => {
      if (!/^\d{9}$/.test(params.sn!)) throw new ControlError(400, 'SN 为 9 位数字');
      if (body.paper !== undefined) cloud.device(params.sn!).paper = paperOf(body.paper);
      if (body.status !== undefined) cloud.setStatus(params.sn!, statusOf(body.status));
      return feieView(params.sn!);
    }),
  );
  app.get(
    '/sim/printer/feie/orders',
    handle((_body, _params, query) => cloud.orders.filter((o) => !query.sn || o.sn === query.sn).reverse()),
  );
  app.get('/sim/printer/feie/faults', async () => cloud.faults);
  app.post(
    '/sim/printer/feie/faults',
    handle((body) => {
      const fault = {
        id: randomUUID(),
        apiname: textOf(body.apiname, '*'),
        httpStatus: body.httpStatus === undefined ? null : Number(body.httpStatus),
        ret: body.ret === undefined ? (body.httpStatus === undefined && !body.delayMs ? -3 : 0) : Number(body.ret),
        msg: textOf(body.msg, '服务器繁忙，请稍后再试。'),
        delayMs: Number(body.delayMs ?? 0),
        remaining: Number(body.times ?? 1),
      };
      cloud.faults.push(fault);
      return fault;
    }),
  );
  app.delete('/sim/printer/feie/faults', async () => {
    cloud.faults = [];
    return { ok: true };
  });

  // --- ESC/POS ---------------------------------------------------------------------------------
  app.get('/sim/printer/escpos', async () => [...hub.escpos.values()].map(escposView));
  app.post(
    '/sim/printer/escpos',
    handle(async (body) => {
      const port = Number(body.port ?? 0);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ControlError(400, 'port 须为 0–65535');
      if (port !== 0 && hub.escpos.has(port)) throw new ControlError(409, `端口 ${port} 已有网络打印机`);
      const printer = await hub.addEscpos({ port, name: body.name === undefined ? undefined : textOf(body.name), paper: body.paper === undefined ? 80 : paperOf(body.paper) });
      if (body.status !== undefined) await printer.setStatus(statusOf(body.status));
      return escposView(printer);
    }),
  );
  app.get(
    '/sim/printer/escpos/:port',
    handle((_body, params) => escposView(escposOf(params.port!))),
  );
  app.patch(
    '/sim/printer/escpos/:port',
    handle(async (body, params) => {
      const printer = escposOf(params.port!);
      if (body.status !== undefined) await printer.setStatus(statusOf(body.status));
      if (body.statusDelayMs !== undefined) printer.statusDelayMs = Math.max(0, Number(body.statusDelayMs) || 0);
      if (body.holding === true) printer.hold();
      if (body.holding === false) printer.release();
      return escposView(printer);
    }),
  );
  app.post(
    '/sim/printer/escpos/:port/hang-up',
    handle((body, params) => {
      const printer = escposOf(params.port!);
      printer.hangUpAfterBytes(Number(body.afterBytes ?? 0));
      return escposView(printer);
    }),
  );
  app.delete(
    '/sim/printer/escpos/:port',
    handle(async (_body, params) => {
      escposOf(params.port!);
      await hub.removeEscpos(Number(params.port));
      return { ok: true };
    }),
  );
}
