import { Component, type ErrorInfo, type ReactNode } from 'react';
import { recordError } from '../../shared/errorlog/errorlog';
import { isChunkLoadError } from '../lazy';
import { FailureView } from './FailureView';

interface Props {
  children: ReactNode;
}
interface State {
  error?: unknown;
}

/** Catches a page's render errors: stores them in the error log and shows a clear failure instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    recordError(error, isChunkLoadError(error) ? 'chunk load' : (info.componentStack ?? '').trim().split('\n').slice(0, 8).join('\n'));
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return <FailureView kind={isChunkLoadError(this.state.error) ? 'chunk' : 'render'} onRetry={() => this.setState({ error: undefined })} />;
  }
}
