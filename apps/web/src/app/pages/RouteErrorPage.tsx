import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { recordError } from '../../shared/errorlog/errorlog';
import { isChunkLoadError } from '../lazy';
import { FailureView } from './FailureView';

/** What a route shows when its chunk or loader fails: a clear message and a reload action. */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    recordError(error, chunk ? 'chunk load' : 'route error');
  }, [error, chunk]);
  return <FailureView kind={chunk ? 'chunk' : 'render'} />;
}
