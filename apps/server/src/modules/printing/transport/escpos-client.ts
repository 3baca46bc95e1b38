import { Socket } from 'node:net';
import type { PrinterStatus } from '@canteen/contract';
import { PrintUnreachable } from './errors.js';

/**
 * A network ESC/POS printer on raw TCP (usually port 9100). Before a ticket is written the
 * printer is asked for its state (DLE EOT 1: offline bit; DLE EOT 4: paper-end sensor), so a
 * printer out of paper keeps the job for later instead of swallowing it. A printer that does not
 * answer the status query within a moment is printed to anyway (many cheap ones never answer).
 */
const DLE_EOT_PRINTER = Buffer.from([0x10, 0x04, 0x01]);
const DLE_EOT_PAPER = Buffer.from([0x10, 0x04, 0x04]);

export interface EscposTarget {
  host: string;
  port: number;
}

export interface EscposOptions {
  connectTimeoutMs?: number;
  statusTimeoutMs?: number;
  writeTimeoutMs?: number;
}

/** What the two status bytes say: paper end (bits 5–6 of n=4), offline (bit 3 of n=1). */
export function statusFromBytes(printerByte: number | undefined, paperByte: number | undefined): { status: PrinterStatus; message: string | null } {
  // Paper first: a printer at paper end also sets its offline bit (Epson).
  if (paperByte !== undefined && paperByte & 0x60) return { status: 'no_paper', message: '打印机缺纸' };
  if (printerByte !== undefined && printerByte & 0x08) return { status: 'offline', message: '打印机报告离线（可能开盖或故障）' };
  return { status: 'online', message: null };
}

function connect(target: EscposTarget, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (message: string) => {
      socket.destroy();
      reject(new PrintUnreachable(message, 'offline'));
    };
    socket.setTimeout(timeoutMs, () => fail(`连接打印机 ${target.host}:${target.port} 超时`));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(`无法连接打印机 ${target.host}:${target.port}（${error.code ?? error.message}）`));
    socket.connect(target.port, target.host, () => {
      socket.setTimeout(0);
      socket.removeAllListeners('error');
      resolve(socket);
    });
  });
}

/** Sends the status queries and reads up to two answer bytes (fewer when the printer stays silent). */
function queryStatus(socket: Socket, timeoutMs: number): Promise<number[]> {
  return new Promise((resolve) => {
    const got: number[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.off('data', onData);
      resolve(got);
    };
    const onData = (chunk: Buffer) => {
      got.push(...chunk);
      if (got.length >= 2) done();
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('data', onData);
    socket.write(Buffer.concat([DLE_EOT_PRINTER, DLE_EOT_PAPER]));
  });
}

/** The printer's state: offline when it cannot be reached. */
export async function escposStatus(target: EscposTarget, options: EscposOptions = {}): Promise<{ status: PrinterStatus; message: string | null }> {
  let socket: Socket;
  try {
    socket = await connect(target, options.connectTimeoutMs ?? 3000);
  } catch (error) {
    return { status: 'offline', message: (error as Error).message };
  }
  socket.on('error', () => undefined);
  try {
    const [printerByte, paperByte] = await queryStatus(socket, options.statusTimeoutMs ?? 800);
    return statusFromBytes(printerByte, paperByte);
  } finally {
    socket.destroy();
  }
}

/** Writes the ticket's bytes and closes; throws PrintUnreachable when the printer cannot take them now. */
export async function escposSend(target: EscposTarget, bytes: Buffer, options: EscposOptions = {}): Promise<void> {
  const socket = await connect(target, options.connectTimeoutMs ?? 3000);
  let failure: Error | null = null;
  socket.on('error', (error) => {
    failure = error;
  });
  try {
    const [printerByte, paperByte] = await queryStatus(socket, options.statusTimeoutMs ?? 800);
    // Dropped before a byte of the ticket was written: safe to try again later.
    if (failure || socket.destroyed || !socket.writable) throw new PrintUnreachable(`打印机 ${target.host}:${target.port} 断开了连接`, 'offline');
    const state = statusFromBytes(printerByte, paperByte);
    if (state.status !== 'online') throw new PrintUnreachable(state.message ?? '打印机不可用', state.status);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('向打印机写入超时')), options.writeTimeoutMs ?? 10_000);
      socket.end(bytes, () => {
        clearTimeout(timer);
        if (failure) reject(failure);
        else resolve();
      });
    });
  } finally {
    socket.destroy();
  }
}
