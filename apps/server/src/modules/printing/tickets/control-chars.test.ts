import { describe, expect, it } from 'vitest';
import type { TicketLine } from '@canteen/contract';
import { escposBytes } from './escpos.js';
import { feieMarkup } from './feie.js';

/** Issue 22 #3: a remark of ESC @ GS V B reached the printer as reset and cut. */
const line = (text: string, style: Partial<TicketLine> = {}): TicketLine => ({ text, bold: false, double: false, center: false, qr: false, ...style });
const ATTACK = '备注：少辣\u001b@\u001dVB\u001bp\u0000\u0019\u00fa';

const contains = (haystack: Buffer, needle: number[]) => haystack.indexOf(Buffer.from(needle)) >= 0;

describe('ticket text never carries printer commands', () => {
  it('ESC/POS: control characters in a line are dropped before encoding', () => {
    for (const style of [{}, { bold: true, double: true }, { center: true }, { qr: true, center: true }]) {
      const bytes = escposBytes([[line(ATTACK, style)]]);
      expect(contains(bytes, [0x1b, 0x40, 0x1d, 0x56, 0x42])).toBe(false);
      expect(contains(bytes, [0x1b, 0x70])).toBe(false);
      // Only the renderer's own commands remain: the reset at the start is the one ESC @.
      expect(bytes.indexOf(Buffer.from([0x1b, 0x40]), 1)).toBe(-1);
    }
  });

  it('飞鹅: control characters are dropped from the markup', () => {
    const markup = feieMarkup([[line(ATTACK), line(ATTACK, { qr: true })]]);
    // eslint-disable-next-line no-control-regex
    expect(markup).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(markup).toContain('备注：少辣@VBp');
  });
});
