import { useEffect } from 'react';
import { DEFAULT_TITLE } from '@canteen/contract';

/** The specification's page title: '{title}——{default title}'. */
export const pageTitle = (title?: string) => (title ? `${title}——${DEFAULT_TITLE}` : DEFAULT_TITLE);

export function useTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
