import { useEffect } from 'react';
import { DEFAULT_TITLE } from '@canteen/contract';

/** The page title '{title}——{default title}' (the same rule as the shell's). */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title}——${DEFAULT_TITLE}`;
  }, [title]);
}
