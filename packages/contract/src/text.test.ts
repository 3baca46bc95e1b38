import { describe, expect, it } from 'vitest';
import { memberAdjustBodySchema } from './customer.js';
import { categoryBodySchema } from './store.js';
import { orderCartSchema } from './order.js';
import { stripControlChars, stripPrintControlChars, textSchema } from './text.js';
import { replyFieldsSchema } from './reply.js';

/** The remark of issue 22 #3: ESC @ (reset) and GS V B (cut) in a diner's order. */
const ATTACK = '少辣\u001b@\u001dVB';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('text schemas refuse control characters (issue 22 #3)', () => {
  it('the one text schema names the field', () => {
    const r = textSchema('订单备注', 200).safeParse(ATTACK);
    expect(r.success).toBe(false);
    expect(messages(r)).toEqual(['订单备注不能包含控制字符']);
  });

  it("a diner's order remark and a line remark with printer commands are refused", () => {
    const cart = { storeId: '1', type: 'dine_in', lines: [{ kind: 'dish', itemId: '1', quantity: 1 }] };
    expect(messages(orderCartSchema.safeParse({ ...cart, remark: ATTACK }))).toContain('订单备注不能包含控制字符');
    expect(messages(orderCartSchema.safeParse({ ...cart, lines: [{ kind: 'dish', itemId: '1', quantity: 1, remark: '\u001b\u0070\u0000' }] }))).toContain('菜品备注不能包含控制字符');
    expect(orderCartSchema.safeParse({ ...cart, remark: '少辣，不要香菜' }).success).toBe(true);
  });

  it('names, reasons and replies too; tab and line breaks stay allowed', () => {
    expect(messages(categoryBodySchema.safeParse({ storeId: '1', name: '凉菜\u0007' }))).toContain('分类名称不能包含控制字符');
    expect(messages(memberAdjustBodySchema.safeParse({ points: 1, reason: '补偿\u009b积分' }))).toContain('调整原因不能包含控制字符');
    expect(replyFieldsSchema.shape.repContent.safeParse('你好\u001b').success).toBe(false);
    expect(textSchema('备注', 50).safeParse('第一行\n第二行\t完').success).toBe(true);
  });

  it('strips what the schemas refuse; a printed line loses line breaks too', () => {
    expect(stripControlChars(ATTACK)).toBe('少辣@VB');
    expect(stripControlChars('a\nb\u007f')).toBe('a\nb');
    expect(stripPrintControlChars('a\nb\u001b\u009b')).toBe('ab');
  });
});
