import { useCallback } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HttpError } from './client';

export interface ActionOptions<Input, Output> {
  /** The call (or calls). A failed call has already been shown in red by the HTTP client (the envelope's `msg`). */
  run: (input: Input) => Promise<Output>;
  /** The i18n key of the green message shown after success; none: no message. */
  success?: string | ((output: Output, input: Input) => string | undefined);
  /** Query keys (prefixes) read again after success (`run` resolves once they are). */
  invalidates?: readonly QueryKey[] | ((output: Output, input: Input) => readonly QueryKey[]);
  /** After success and its message, before the queries are read again (close a dialog, clear a draft). */
  onSuccess?: (output: Output, input: Input) => unknown;
  /** After a failed call (already shown), e.g. to ask for a new captcha or show a text of the screen's own. */
  onError?: (error: HttpError, input: Input) => unknown;
}

export interface Action<Input, Output> {
  /**
   * Runs the action: resolves with the answer, or with `undefined` when the call failed (already
   * shown), so a click handler can fire and forget. Anything else that goes wrong (a bug) rejects.
   */
  run: (input: Input) => Promise<Output | undefined>;
  /** While it runs (for a button's `loading`). */
  busy: boolean;
  /** The input of the run in progress, if any (e.g. which row's button spins). */
  running: Input | undefined;
}

/**
 * A change made through the API, the product's way: the call, then the green success message and
 * `onSuccess`, then the given queries read again; a failure is shown once, in red, by the HTTP
 * client (and `onError` may add what the screen does then). A thin
 * wrapper over TanStack Query's `useMutation`, instead of a try/catch around each call.
 */
export function useAction<Input = void, Output = unknown>(options: ActionOptions<Input, Output>): Action<Input, Output> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { mutateAsync, isPending, variables } = useMutation<Output, unknown, Input>({
    mutationFn: (input) => options.run(input),
    onSuccess: async (output, input) => {
      const text = typeof options.success === 'function' ? options.success(output, input) : options.success;
      if (text) void message.success(t(text));
      await options.onSuccess?.(output, input);
      const keys = typeof options.invalidates === 'function' ? options.invalidates(output, input) : (options.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: async (error, input) => {
      if (error instanceof HttpError) await options.onError?.(error, input);
    },
  });
  const run = useCallback(
    (input: Input) =>
      mutateAsync(input).catch((error: unknown) => {
        if (error instanceof HttpError) return undefined;
        throw error;
      }),
    [mutateAsync],
  );
  return { run, busy: isPending, running: isPending ? variables : undefined };
}
