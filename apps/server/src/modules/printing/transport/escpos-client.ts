import { Socket } from 'node:net';
import type { PrinterStatus } from '@canteen/contract';
import { PrintUnreachable } from './errors.js';

/**
 * A network ESC/POS printer on raw TCP (usually port 9100). Before a ticket is written the
 * printer is asked for its state (DLE EOT 1: offline bit; DLE EOT 4: paper-end sensor), so a
 * printer out of paper keeps the job for later instead of swallowing it. A printer that does not
 * answer the status query within a moment is printed to anyway (many cheap ones never answer);
 * one that answers what no printer would (not one status byte per query) is no printer, and is
 * sent nothing. Every failure says 无法连接打印机 with a neutral reason (超时, 拒绝连接, …), never
 * what the far end answered. The target's host is the address the printer address policy checked.
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

/** Every failure to reach a printer: 无法连接打印机 and a neutral reason. */
export const unreachable = (reason: string): string => `无法连接打印机（${reason}）`;

/** The reasons of a socket's error codes (never its message: it could carry what the far end said). */
const REASONS: Record<string, string> = {
  ECONNREFUSED: '拒绝连接', ETIMEDOUT: '超时', EHOSTUNREACH: '主机不可达', ENETUNREACH: '网络不可达', EHOSTDOWN: '主机不可达',
  ECONNRESET: '连接被重置', EPIPE: '连接中断', EADDRNOTAVAIL: '地址不可用',
};
const reasonOf = (error: NodeJS.ErrnoException): string => REASONS[error.code ?? ''] ?? '网络错误';

/**
 * Whether the answer is a printer's: one byte per query, each with the fixed bits of a DLE EOT
 * status byte (bits 1 and 4 set, 0 and 7 clear). None at all is a silent printer.
 */
export const isPrinterAnswer = (bytes: number[]): boolean => bytes.length <= 2 && bytes.every((b) => (b & 0x93) === 0x12);

/** What the two status bytes say: paper end (bits 5–6 of n=4), offline (bit 3 of n=1). */
export function statusFromBytes(printerByte: number | undefined, paperByte: number | undefined): { status: PrinterStatus; message: string | null } {
  // Paper first: a printer at paper end also sets its offline bit (Epson).
  if (paperByte !== undefined && paperByte & 0x60) return { status: 'no_paper', message: '打印机缺纸' };
  if (printerByte !== undefined && printerByte & 0x08) return { status: 'offline', message: '打印机报告离线（可能开盖或故障）' };
  return { status: 'online', message: null };
}

const NOT_A_PRINTER = unreachable('对方不是打印机');

function connect(target: EscposTarget, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (message: string) => {
      socket.destroy();
      reject(new PrintUnreachable(message, 'offline'));
    };
    socket.setTimeout(timeoutMs, () => fail(unreachable('超时')));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(unreachable(reasonOf(error))));
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
      // Two bytes, or one that is no printer's: nothing more to wait for.
      if (got.length >= 2 || !isPrinterAnswer(got)) done();
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
    const answer = await queryStatus(socket, options.statusTimeoutMs ?? 800);
    if (!isPrinterAnswer(answer)) return { status: 'offline', message: NOT_A_PRINTER };
    return statusFromBytes(answer[0], answer[1]);
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
    const answer = await queryStatus(socket, options.statusTimeoutMs ?? 800);
    // Dropped before a byte of the ticket was written: safe to try again later.
    if (failure || socket.destroyed || !socket.writable) throw new PrintUnreachable(unreachable('连接中断'), 'offline');
    if (!isPrinterAnswer(answer)) throw new PrintUnreachable(NOT_A_PRINTER, 'offline');
    const state = statusFromBytes(answer[0], answer[1]);
    if (state.status !== 'online') throw new PrintUnreachable(state.message ?? '打印机不可用', state.status);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('向打印机写入超时：可能已部分打印，请核对后手动重打')), options.writeTimeoutMs ?? 10_000);
      socket.end(bytes, () => {
        clearTimeout(timer);
        if (failure) reject(new Error(`向打印机写入时${reasonOf(failure)}：可能已部分打印，请核对后手动重打`));
        else resolve();
      });
    });
  } finally {
    socket.destroy();
  }
}
