import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

const textButton = (scope: ParentNode, text: RegExp) => [...scope.querySelectorAll('button')].find((b) => text.test(b.textContent?.trim() ?? ''))!;

export interface DrawerEditor {
  /** Test ids of the editor's form, its name field and the list's 新增 button. */
  form: string;
  name: string;
  add: string;
  /** The list row of a record, whose 编辑 opens it, and that record's name. */
  row: () => HTMLElement;
  existing: string;
  /** What the test types into the name of a new record. */
  typed: string;
}

/**
 * A drawer editor's close guard (issue 27 #6): opened on a record or new and left untouched, 取消 and
 * × close it at once; with a name typed, 取消 asks 放弃未保存的修改？, 继续编辑 keeps what was typed,
 * × asks again and 放弃修改 closes. The caller then checks that nothing was sent.
 */
export async function checkDrawerCloseGuard(editor: DrawerEditor) {
  const cancel = () => userEvent.click(textButton(document.querySelector('.ant-drawer-extra')!, /^取\s*消$/));
  const close = () => userEvent.click(document.querySelector<HTMLElement>('.ant-drawer-close')!);
  const questions = () => screen.queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-confirm-title' }).length;
  const closed = () => waitFor(() => expect(screen.queryByTestId(editor.form)).toBeNull());

  await userEvent.click(textButton(editor.row(), /^编\s*辑$/));
  await waitFor(() => expect(screen.getByTestId(editor.name)).toHaveValue(editor.existing));
  await cancel();
  await closed();
  await userEvent.click(screen.getByTestId(editor.add));
  await screen.findByTestId(editor.form);
  await close();
  await closed();
  expect(questions()).toBe(0);

  await userEvent.click(screen.getByTestId(editor.add));
  await screen.findByTestId(editor.form);
  await userEvent.type(screen.getByTestId(editor.name), editor.typed);
  await cancel();
  await waitFor(() => expect(questions()).toBe(1));
  await userEvent.click(screen.getByText('继续编辑').closest('button')!);
  expect(screen.getByTestId(editor.name)).toHaveValue(editor.typed);
  await close();
  await waitFor(() => expect(questions()).toBe(2));
  await userEvent.click(screen.getAllByTestId('discard-confirm').at(-1)!);
  await closed();
}
