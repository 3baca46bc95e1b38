import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { failReply, okReply, apiServerForFile } from '../../../test/api-server';
import { renderWithApp } from '../../../test/render';
import { addMessages } from '../i18n';
import { api } from './client';
import { useAction, type ActionOptions } from './useAction';

addMessages('actionTest', { saved: '已保存' }, { saved: 'Saved' });

let count = 0;
const server = apiServerForFile(({ method, path }) => {
  if (method === 'GET' && path === '/thing') return okReply(count);
  if (method === 'PUT' && path === '/thing') return okReply(++count);
  if (method === 'PUT' && path === '/broken') return failReply(409, '名称已存在');
  return undefined;
});

/** A counter on screen and a button that changes it through an action; `outcome` shows what `run` gave. */
function Thing({ url, options = {} }: { url: string; options?: Partial<ActionOptions<string, number>> }) {
  const value = useQuery({ queryKey: ['/thing', 'value'], queryFn: () => api.get<number>('/thing') });
  const action = useAction<string, number>({ run: (name) => api.put<number>(url, { name }), success: 'actionTest.saved', invalidates: [['/thing']], ...options });
  return (
    <div>
      <span data-testid="value">{value.data ?? '-'}</span>
      <button type="button" disabled={action.busy} onClick={() => void action.run('a').then((out) => document.body.setAttribute('data-outcome', String(out)))}>
        go
      </button>
    </div>
  );
}

describe('useAction', () => {
  it('shows the success message, calls onSuccess with the answer and input, and reads the given queries again', async () => {
    count = 0;
    document.body.removeAttribute('data-outcome');
    const onSuccess = vi.fn();
    renderWithApp(<Thing url="/thing" options={{ onSuccess }} />);
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('0'));
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('1'));
    expect(onSuccess).toHaveBeenCalledWith(1, 'a');
    expect(server.calls('PUT', '/thing')[0]!.body).toEqual({ name: 'a' });
    await waitFor(() => expect(document.body.getAttribute('data-outcome')).toBe('1'));
  });

  it('leaves a failure to the HTTP client (shown once, in red), resolves with undefined and calls onError', async () => {
    document.body.removeAttribute('data-outcome');
    const onError = vi.fn();
    const onSuccess = vi.fn();
    const { notified } = renderWithApp(<Thing url="/broken" options={{ onError, onSuccess }} />);
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(document.body.getAttribute('data-outcome')).toBe('undefined'));
    expect(notified).toEqual(['名称已存在']);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 409, message: '名称已存在' }), 'a');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(screen.queryByText('已保存')).toBeNull();
    expect(server.calls('GET', '/thing')).toHaveLength(1); // nothing read again
  });
});
