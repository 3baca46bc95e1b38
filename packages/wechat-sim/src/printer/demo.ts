import { createHash } from 'node:crypto';
import type { PaperWidth } from './paper.js';

/**
 * The 飞鹅 device key (the 识别码 KEY on the label under a printer) of a simulated printer: every
 * 9-digit SN is a printer the simulator knows, and its key is derived from the SN, so tests and
 * the demo seed can add any SN without setting devices up first.
 */
export function feieDeviceKey(sn: string): string {
  const digest = createHash('sha1').update(`canteen-feie-sim:${sn}`).digest();
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...digest.subarray(0, 8)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The demo 飞鹅 account (the server's demo settings use the same user and UKEY). */
export const demoFeieAccount = { user: 'canteen-demo@example.com', ukey: 'FeieDemoUkey2026' } as const;

export interface DemoPrinter {
  name: string;
  store: string;
  paper: PaperWidth;
}

/** The demo stores' cloud printers, registered to the demo account. */
export const demoFeiePrinters: ReadonlyArray<DemoPrinter & { sn: string; key: string }> = [
  { sn: '916500101', name: '川菜馆前台', store: '蜀香园·川菜馆（春熙路店）', paper: 80 },
  { sn: '916500102', name: '茶饮吧台', store: '蜀香园·茶饮（太古里店）', paper: 58 },
].map((printer) => ({ ...printer, paper: printer.paper as PaperWidth, key: feieDeviceKey(printer.sn) }));

/** The demo stores' network printers, in the order of their ports (demoEscposPorts). */
export const demoEscposPrinters: readonly DemoPrinter[] = [
  { name: '川菜馆后厨（热菜）', store: '蜀香园·川菜馆（春熙路店）', paper: 80 },
  { name: '川菜馆凉菜档口', store: '蜀香园·川菜馆（春熙路店）', paper: 58 },
];

/**
 * The demo printers' ports: the ones after the simulator's own (SIM_PORT + 1, + 2), so a second
 * simulator on another port has printers of its own, and the demo data of the server beside it
 * (which knows SIM_PORT too) points at them, not at the first one's paper.
 */
export const demoEscposPorts = (simPort: number): number[] => demoEscposPrinters.map((_, index) => simPort + 1 + index);
