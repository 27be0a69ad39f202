import {
  Component,
  startTransition,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { FullPageLoader, SectionUnavailable } from '@portal/shared-ui';
import { loadRemotePage, type RemoteName } from './remote-registry';

type BoundaryProps = { children: ReactNode; onRetry: () => void };
type BoundaryState = { error: Error | null };

/** Catches what a remote page throws while rendering; the loader handles fetch failures. */
class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Remote page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <SectionUnavailable
          detail={this.state.error.message}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState =
  | { status: 'loading' }
  | { status: 'loaded'; Page: ComponentType }
  | { status: 'unavailable'; reason: string; retrying: boolean };

/**
 * The one way a remote page is mounted: load (with retry + fallback plugins), then render
 * inside an error boundary. A failure stays inside the main area; Retry loads the remote again
 * (see loadRemotePage) while the panel stays up with a busy Retry button.
 */
export function RemotePage({ remote, module }: { remote: RemoteName; module: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    setState((previous) =>
      previous.status === 'unavailable' ? { ...previous, retrying: true } : { status: 'loading' },
    );
    void loadRemotePage(remote, module, attempt > 0).then((result) => {
      if (!active) return;
      if (result.status !== 'loaded') {
        setState({ ...result, retrying: false });
        return;
      }
      // A transition: the page's first render (its data often already there) runs in slices that
      // yield to input, instead of one long task on a phone's main thread.
      startTransition(() => setState(result));
    });
    return () => {
      active = false;
    };
  }, [remote, module, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  if (state.status === 'loading') return <FullPageLoader minHeight={240} />;
  if (state.status === 'unavailable') {
    return <SectionUnavailable detail={state.reason} onRetry={retry} retrying={state.retrying} />;
  }
  const { Page } = state;
  return (
    <RemoteErrorBoundary key={attempt} onRetry={retry}>
      <Page />
    </RemoteErrorBoundary>
  );
}
