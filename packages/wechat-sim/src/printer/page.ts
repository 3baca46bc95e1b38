/**
 * The printers' pages: `/printer` lists every simulated printer (switch it online, offline or out
 * of paper) with the newest tickets of all; `/printer/feie/:sn` and `/printer/escpos/:port` show
 * one printer's tickets as paper, newest first. The pages refresh their tickets every 1.5 s.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { PrintedTicket, PrinterStatus } from './escpos-printer.js';
import type { PrinterHub } from './hub.js';
import type { PaperRow, PaperRun } from './paper.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const time = (at: number) => new Date(at).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
const STATUS_LABEL: Record<PrinterStatus, string> = { online: '在线', offline: '离线', paper_out: '缺纸' };

const STYLE = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#e9e6df;color:#222}
main{max-width:1100px;margin:0 auto;padding:20px}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:24px 0 8px}a{color:#1668dc}
table{border-collapse:collapse;background:#fff;width:100%;font-size:13px}th,td{border-bottom:1px solid #eee;padding:6px 8px;text-align:left}
.tag{display:inline-block;padding:0 6px;border-radius:4px;font-size:12px}.tag.online{background:#d9f7be;color:#237804}.tag.offline{background:#eee;color:#666}.tag.paper_out{background:#fff1b8;color:#ad6800}
button{font-size:12px;margin-right:4px;cursor:pointer}
.tickets{display:flex;flex-wrap:wrap;gap:20px;align-items:flex-start}
.ticket{font-size:12px;color:#666}.ticket>header{margin-bottom:4px}
.paper{--cw:1ch;--lh:18px;font:13px/18px "Noto Sans Mono CJK SC","Sarasa Mono SC",ui-monospace,monospace;color:#111;background:#fffef9;
  width:calc(var(--cols)*var(--cw));padding:14px 12px 18px;box-shadow:0 1px 4px rgba(0,0,0,.2);position:relative}
.paper.cut-full::after,.paper.cut-partial::after{content:"";position:absolute;left:0;right:0;bottom:-6px;height:6px;
  background:linear-gradient(-45deg,transparent 4px,#fffef9 0) 0 0/8px 6px,linear-gradient(45deg,transparent 4px,#fffef9 0) 0 0/8px 6px}
.lost .paper{opacity:.45;text-decoration:line-through}.lost>header{color:#ad6800}
.row{min-height:var(--lh);white-space:pre}.row.center{text-align:center}.row.right{text-align:right}
/* A run is as wide and tall as its columns and size; its text sits at the bottom and is scaled up from there. */
.r{display:inline-flex;align-items:flex-end;vertical-align:bottom;white-space:pre}.r>i{display:inline-block;font-style:normal;line-height:var(--lh);transform-origin:0 100%}
.r.b{font-weight:700}.r.u>i{text-decoration:underline}.r.v{background:#111;color:#fffef9}
/* A Chinese glyph is 1em wide; the spacing makes it two columns (2ch) as on the printer. */
.r.k>i{letter-spacing:calc(var(--cw)*2 - 1em)}
.qr{margin:4px 0}.qr.center{text-align:center}.qr.right{text-align:right}.qr .code{fill:#111}.qr .box{display:inline-block;width:72px;height:72px;border:6px double #111;font-size:11px;line-height:72px;text-align:center}
.mark{color:#777}.warn{color:#cf1322;font-size:12px;margin-top:4px;max-width:420px}.empty{color:#888}
`;

function runHtml(run: PaperRun): string {
  const classes = ['r', run.wide ? 'k' : '', run.bold ? 'b' : '', run.underline ? 'u' : '', run.reverse ? 'v' : ''].filter(Boolean).join(' ');
  const inner = escape(run.text);
  const transform = run.width !== 1 || run.height !== 1 ? ` style="transform:scale(${run.width},${run.height})"` : '';
  return `<span class="${classes}" style="width:calc(var(--cw)*${run.cols});height:calc(var(--lh)*${run.height})"><i${transform}>${inner}</i></span>`;
}

/**
 * A QR code as SVG, about as large as it prints: `size` dots per module, the paper's 384 (58 mm) or
 * 576 (80 mm) dots drawn over its columns at ~0.65 px a dot.
 */
function qrSvg(data: string, size: number): string {
  let modules: { size: number; get: (x: number, y: number) => number };
  try {
    modules = QRCode.create(data || ' ', { errorCorrectionLevel: 'M' }).modules;
  } catch {
    return '<span class="box">QR</span>';
  }
  const count = modules.size;
  let path = '';
  for (let y = 0; y < count; y += 1) for (let x = 0; x < count; x += 1) if (modules.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
  const px = Math.max(60, Math.round(count * Math.max(1, size) * 0.65));
  return `<svg class="code" width="${px}" height="${px}" viewBox="-2 -2 ${count + 4} ${count + 4}" shape-rendering="crispEdges"><path d="${path}"/></svg>`;
}

function rowHtml(row: PaperRow): string {
  if (row.kind === 'text') return `<div class="row ${row.align}">${row.runs.map(runHtml).join('')}</div>`;
  if (row.kind === 'qr') return `<div class="qr ${row.align}" data-qr="${escape(row.data)}" title="${escape(row.data)}">${qrSvg(row.data, row.size)}</div>`;
  return `<div class="row ${row.align} mark">${escape(row.label)}</div>`;
}

export function ticketHtml(ticket: PrintedTicket, printerName: string): string {
  const facts = [
    `<a href="${pageOf(ticket.printer)}">${escape(printerName)}</a>`,
    time(ticket.at),
    ticket.copy ? `第 ${ticket.copy} 联` : '',
    ticket.cut ? (ticket.cut === 'full' ? '全切' : '半切') : '未切纸',
    ticket.drawerKick ? '开钱箱' : '',
    ticket.lost ? '缺纸，未打出' : '',
  ].filter(Boolean);
  const warnings = ticket.warnings.length ? `<div class="warn">${ticket.warnings.map(escape).join('<br>')}</div>` : '';
  return `<article class="ticket${ticket.lost ? ' lost' : ''}" data-ticket="${escape(ticket.id)}" data-printer="${escape(ticket.printer)}">
<header>${facts.join(' · ')}</header><div class="paper${ticket.cut ? ` cut-${ticket.cut}` : ''}" style="--cols:${ticket.columns}">${ticket.rows.map(rowHtml).join('')}</div>${warnings}</article>`;
}

const pageOf = (printer: string) => `/printer/${printer.replace(':', '/')}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>
<script>
async function setStatus(url, status) {
  await fetch(url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) });
  location.reload();
}
let last = '';
async function refresh() {
  try {
    const url = new URL(location.href); url.searchParams.set('fragment', '1');
    const html = await (await fetch(url)).text();
    if (html !== last) { last = html; document.getElementById('live').innerHTML = html; }
  } catch {}
  setTimeout(refresh, 1500);
}
setTimeout(refresh, 1500);
</script></body></html>`;
}

function statusControls(url: string, status: PrinterStatus): string {
  const buttons = (['online', 'offline', 'paper_out'] as const)
    .filter((s) => s !== status)
    .map((s) => `<button type="button" onclick="setStatus('${url}','${s}')">设为${STATUS_LABEL[s]}</button>`)
    .join('');
  return `<span class="tag ${status}" data-status="${status}">${STATUS_LABEL[status]}</span> ${buttons}`;
}

export function registerPrinterPages(app: FastifyInstance, hub: PrinterHub): void {
  const nameOf = (printer: string): string => {
    const [kind, id] = printer.split(':');
    if (kind === 'feie') return `飞鹅 ${hub.cloud.devices.get(id!)?.remark || id}`;
    return hub.escpos.get(Number(id))?.name ?? printer;
  };
  const ticketsHtml = (printer?: string, limit = 30) => {
    const tickets = hub.tickets(printer, limit);
    if (tickets.length === 0) return '<p class="empty">还没有打出小票。</p>';
    return `<div class="tickets">${tickets.map((t) => ticketHtml(t, nameOf(t.printer))).join('')}</div>`;
  };
  const send = (request: FastifyRequest, reply: FastifyReply, title: string, head: string, live: string) => {
    reply.header('Content-Type', 'text/html; charset=utf-8');
    if ((request.query as Record<string, string>).fragment) return reply.send(live);
    return reply.send(layout(title, `${head}<div id="live">${live}</div>`));
  };

  app.get('/printer', async (request, reply) => {
    const feieRows = [...hub.cloud.devices.values()]
      .map((d) => {
        const waiting = hub.cloud.orders.filter((o) => o.sn === d.sn && o.state === 'waiting').length;
        return `<tr><td><a href="/printer/feie/${d.sn}">${d.sn}</a></td><td>${escape(d.key)}</td><td>${escape(d.remark)}</td><td>${escape(d.user ?? '（未添加）')}</td><td>${d.paper} mm</td><td>${waiting}</td><td>${statusControls(`/sim/printer/feie/devices/${d.sn}`, d.status)}</td></tr>`;
      })
      .join('');
    const escposRows = [...hub.escpos.values()]
      .map(
        (p) =>
          `<tr><td><a href="/printer/escpos/${p.port}">${escape(p.host)}:${p.port}</a></td><td>${escape(p.name)}</td><td>${p.paper} mm</td><td>${p.listenError ? `<span class="warn">未能监听：${escape(p.listenError)}</span>` : statusControls(`/sim/printer/escpos/${p.port}`, p.status)}</td></tr>`,
      )
      .join('');
    const accounts = hub.cloud.accounts.map((a) => `${escape(a.user)}（UKEY ${escape(a.ukey)}）`).join('，') || '无';
    const head = `<h1>打印机模拟器</h1>
<h2>飞鹅云打印机</h2><p>账号：${accounts}。接口：POST /Api/Open/</p>
<table><tr><th>SN</th><th>KEY</th><th>备注</th><th>账号</th><th>纸宽</th><th>待打印</th><th>状态</th></tr>${feieRows || '<tr><td colspan="7" class="empty">无</td></tr>'}</table>
<h2>网络打印机（ESC/POS）</h2>
<table><tr><th>地址</th><th>名称</th><th>纸宽</th><th>状态</th></tr>${escposRows || '<tr><td colspan="4" class="empty">无（SIM_ESCPOS_PORTS）</td></tr>'}</table>
<h2>最新小票</h2>`;
    return send(request, reply, '打印机模拟器', head, ticketsHtml());
  });

  app.get('/printer/feie/:sn', async (request, reply) => {
    const sn = (request.params as { sn: string }).sn;
    const device = hub.cloud.devices.get(sn);
    if (!device) return reply.code(404).header('Content-Type', 'text/html; charset=utf-8').send(layout('没有这台打印机', `<p>没有 SN 为 ${escape(sn)} 的飞鹅打印机。<a href="/printer">返回</a></p>`));
    const head = `<h1>飞鹅 ${escape(device.remark || sn)}</h1><p><a href="/printer">全部打印机</a> · SN ${sn} · ${device.paper} mm · ${statusControls(`/sim/printer/feie/devices/${sn}`, device.status)}</p>`;
    return send(request, reply, `飞鹅 ${device.remark || sn}`, head, ticketsHtml(`feie:${sn}`, 100));
  });

  app.get('/printer/escpos/:port', async (request, reply) => {
    const port = Number((request.params as { port: string }).port);
    const printer = hub.escpos.get(port);
    if (!printer) return reply.code(404).header('Content-Type', 'text/html; charset=utf-8').send(layout('没有这台打印机', `<p>没有监听端口 ${port} 的网络打印机。<a href="/printer">返回</a></p>`));
    const head = `<h1>${escape(printer.name)}</h1><p><a href="/printer">全部打印机</a> · ${escape(printer.host)}:${port} · ${printer.paper} mm · ${statusControls(`/sim/printer/escpos/${port}`, printer.status)}</p>`;
    return send(request, reply, printer.name, head, ticketsHtml(printer.id, 100));
  });
}
