import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { PAPER_COLUMNS } from '@canteen/contract';
import { escposBytes } from './escpos.js';
import { FEIE_CONTENT_MAX_BYTES, feieCalls, feieContents, feieMarkup } from './feie.js';
import { kitchenModels, receiptModel, refundModel, sampleSnapshot } from './build.js';
import { layoutTicket } from './layout.js';
import { charWidth, textWidth, wrap } from './width.js';

describe('widths', () => {
  it('counts Chinese and full-width characters as two columns', () => {
    expect(charWidth('a')).toBe(1);
    expect(charWidth('辣')).toBe(2);
    expect(charWidth('，')).toBe(2);
    expect(charWidth('【')).toBe(2);
    expect(textWidth('辣子鸡 x2')).toBe(9);
  });

  it('wraps long names without splitting a wide character', () => {
    expect(wrap('清蒸鲈鱼配秘制豉油', 7)).toEqual(['清蒸鲈', '鱼配秘', '制豉油']);
    expect(wrap('ab辣c', 3)).toEqual(['ab', '辣c']);
    expect(wrap('', 5)).toEqual(['']);
  });

  it('never starts a line with a closing mark nor ends one with an opening mark', () => {
    // 16 columns: the name's "）" would have been alone on the second line.
    expect(wrap('蜀香园·川菜馆（春熙路店）', 24)).toEqual(['蜀香园·川菜馆（春熙路', '店）']);
    expect(wrap('川菜馆（春熙路店）', 16)).toEqual(['川菜馆（春熙路', '店）']);
    expect(wrap('辣子鸡（大份）', 6)).toEqual(['辣子鸡', '（大', '份）']);
    expect(wrap('牛肉，微辣', 4)).toEqual(['牛', '肉，', '微辣']);
  });
});

describe('layout', () => {
  for (const paper of [58, 80] as const) {
    it(`every line of every ticket fits ${paper} mm (${PAPER_COLUMNS[paper]} columns; double-size lines half)`, () => {
      const s = sampleSnapshot();
      const models = [
        receiptModel(s), ...kitchenModels(s, { round: 0, categoryIds: [], split: 'order', roundCount: 1 }),
        ...kitchenModels(s, { round: 0, categoryIds: [], split: 'dish', roundCount: 1 }),
        refundModel(s, { lines: [{ lineId: '1', name: s.lines[0]!.name, quantity: 1 }], amount: 5000, reason: '上错菜' }, [])!,
      ];
      for (const model of models) {
        for (const line of layoutTicket(model, paper)) {
          if (line.qr) continue;
          expect(textWidth(line.text), line.text).toBe(line.double ? PAPER_COLUMNS[paper] / 2 : PAPER_COLUMNS[paper]);
        }
      }
    });
  }

  it('keeps the quantity and amount on the first line of a wrapped name', () => {
    const lines = layoutTicket(receiptModel(sampleSnapshot()), 58).map((l) => l.text);
    const first = lines.findIndex((t) => t.startsWith('清蒸鲈鱼'));
    expect(lines[first]).toMatch(/x1\.5斤\s+34\.00$/);
    expect(lines[first + 1]!.trim()).not.toMatch(/\d/);
    expect(lines.join('\n')).toContain('特辣/加蛋');
    expect(lines.some((t) => /应付\s+124\.00$/.test(t))).toBe(true);
  });

  it('kitchen tickets: large type, no prices, combo dishes by name with their combo, the combo itself left out', () => {
    const [ticket] = kitchenModels(sampleSnapshot(), { round: 0, categoryIds: [], split: 'order', roundCount: 1 });
    const lines = layoutTicket(ticket!, 80);
    const items = lines.filter((l) => l.double && !l.center);
    expect(items.map((l) => l.text.trim())).toEqual(expect.arrayContaining([expect.stringMatching(/^招牌辣子鸡（大\s+x1$/), '份）', expect.stringMatching(/^米饭\s+x1$/)]));
    const text = lines.map((l) => l.text).join('\n');
    expect(text).not.toContain('单人套餐 ');
    expect(text).toContain('（单人套餐）');
    expect(text).not.toContain('50.00');
  });

  it('kitchen tickets by category: only the printer\'s dishes; none when it serves none', () => {
    const s = sampleSnapshot();
    s.lines[1]!.categoryId = '2';
    const [fishOnly] = kitchenModels(s, { round: 0, categoryIds: ['2'], split: 'order', roundCount: 1 });
    expect(fishOnly!.items.map((i) => i.name)).toEqual(['清蒸鲈鱼配秘制豉油汁与葱姜丝超长名称换行']);
    expect(kitchenModels(s, { round: 0, categoryIds: ['9'], split: 'order', roundCount: 1 })).toEqual([]);
    expect(kitchenModels(s, { round: 0, categoryIds: [], split: 'dish', roundCount: 1 })).toHaveLength(4);
  });

  it('a round prints only that round', () => {
    const s = sampleSnapshot();
    s.lines.push({ ...s.lines[0]!, id: '9', name: '加的菜', round: 2 });
    const [second] = kitchenModels(s, { round: 2, categoryIds: [], split: 'order', roundCount: 2 });
    expect(second!.items.map((i) => i.name)).toEqual(['加的菜']);
    expect(second!.meta).toContainEqual(['加菜', '第2轮']);
  });
});

describe('renderers', () => {
  const tickets = [layoutTicket(receiptModel(sampleSnapshot()), 58)];

  it('飞鹅 markup: centred large title, bold, QR, <BR> per line, <CUT> between tickets', () => {
    const markup = feieMarkup([...tickets, ...tickets]);
    expect(markup.startsWith('<CB>示例餐厅</CB><BR>')).toBe(true);
    expect(markup).toContain('<QR>260101001001</QR>');
    // Only the documented forms: a centred bold line is <BOLD> around the layout's centring spaces, never <C><BOLD>.
    expect(markup).toContain('<BOLD>             结账单</BOLD><BR>');
    expect(markup).not.toMatch(/<(C|CB|B|BOLD|RIGHT|L|W)>(?:(?!<\/\1>).)*<(C|CB|B|BOLD|RIGHT|L|W|QR)>/);
    expect(markup.split('<CUT>')).toHaveLength(2);
    expect(feieMarkup([[{ text: 'a<b>', bold: false, double: false, center: false, qr: false }]])).toBe('a＜b＞<BR>');
  });

  it('飞鹅 calls: a job that fits is one call of `copies` times; one over the limits is split in order, each part within 5,000 bytes and one QR code', () => {
    expect(feieCalls(tickets, 2)).toEqual([{ content: feieMarkup(tickets), times: 2 }]);
    // Two receipts (a QR each) never share a call; the parts of each copy come in order, copy after copy.
    const two = feieCalls([...tickets, ...tickets], 2);
    expect(two.map((c) => c.times)).toEqual([1, 1, 1, 1]);
    expect(two.map((c) => c.content)).toEqual([feieMarkup(tickets), feieMarkup(tickets), feieMarkup(tickets), feieMarkup(tickets)]);
    // A ticket longer than a call: cut between lines, each part within the limit, the next one saying it goes on.
    const size = Buffer.byteLength(feieMarkup(tickets));
    const parts = feieContents(tickets, Math.ceil(size / 2));
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(Math.ceil(size / 2));
    expect(parts.slice(1).every((p) => p.startsWith('<C>（续上张）</C><BR>'))).toBe(true);
    expect(parts.join('').replaceAll('<C>（续上张）</C><BR>', '')).toBe(feieMarkup(tickets));
    expect(FEIE_CONTENT_MAX_BYTES).toBe(5000);
  });

  it('ESC/POS: init and Chinese mode, GB18030 text, double size and bold, a QR of the order number, a cut per copy', () => {
    const bytes = escposBytes(tickets, 2);
    const has = (seq: number[]) => bytes.includes(Buffer.from(seq));
    expect([...bytes.subarray(0, 4)]).toEqual([0x1b, 0x40, 0x1c, 0x26]);
    expect(has([0x1d, 0x21, 0x11])).toBe(true);
    expect(has([0x1b, 0x45, 1])).toBe(true);
    expect(bytes.includes(iconv.encode('示例餐厅', 'gb18030'))).toBe(true);
    const qrData = Buffer.concat([Buffer.from([0x1d, 0x28, 0x6b, 12 + 3, 0, 0x31, 0x50, 0x30]), Buffer.from('260101001001')]);
    expect(bytes.includes(qrData)).toBe(true);
    const cut = Buffer.from([0x1d, 0x56, 66, 0]);
    let cuts = 0;
    for (let i = bytes.indexOf(cut); i >= 0; i = bytes.indexOf(cut, i + 1)) cuts++;
    expect(cuts).toBe(2);
  });
});
