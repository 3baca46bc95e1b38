import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../test/render';
import { preview } from './printing-fixtures';
import { TicketPaper } from './TicketPaper';

describe('ticket paper', () => {
  it('is as wide as the paper\'s columns and shows each line as laid out: bold, double size, centred, the QR as a code', () => {
    renderWithApp(<TicketPaper ticket={preview('kitchen', 58)} />);
    const paper = screen.getByTestId('ticket-paper');
    expect(paper).toHaveAttribute('data-columns', '32');
    expect(paper.style.width).toBe('calc(32ch + 20px)');
    const lines = within(paper).getAllByTestId('ticket-line');
    expect(lines.map((l) => l.textContent)).toEqual(['后厨单', '-'.repeat(32), `宫保鸡丁 x1${' '.repeat(15)}¥38.00`]);
    expect(lines[0]!.style).toMatchObject({ fontWeight: '700', fontSize: '24px', textAlign: 'center' });
    expect(lines[1]!.style).toMatchObject({ fontWeight: '400', textAlign: 'left', whiteSpace: 'pre' });
    expect(within(within(paper).getByTestId('ticket-qr')).getByRole('img', { hidden: true })).toBeInTheDocument();
  });
});
