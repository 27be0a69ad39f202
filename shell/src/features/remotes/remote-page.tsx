import {
  Component,
  useCallback,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { FullPageLoader, SectionUnavailable } from '@portal/shared-ui';
import { loadRemotePage, type RemoteLoad, type RemoteName } from './remote-registry';

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

const stateOf = (load: RemoteLoad): LoadState =>
  load.status === 'loaded'
    ? { status: 'loaded', Page: load.Page }
    : { status: 'unavailable', reason: load.reason, retrying: false };

/**
 * The one way a remote page is mounted: load (with retry + fallback plugins), then render
 * inside an error boundary. A failure stays inside the main area; Retry loads the remote again
 * (see loadRemotePage) while the panel stays up with a busy Retry button. `preloaded`: the route
 * loader's load of the same module (page-loader.ts), which the first attempt uses as it is.
 */
export function RemotePage({
  remote,
  module,
  preloaded,
}: {
  remote: RemoteName;
  module: string;
  preloaded?: RemoteLoad;
}) {
  const [attempt, setAttempt] = useState(0);
  const [initial] = useState(preloaded);
  const [state, setState] = useState<LoadState>(() =>
    initial ? stateOf(initial) : { status: 'loading' },
  );

  useEffect(() => {
    if (attempt === 0 && initial) return undefined;
    let active = true;
    setState((previous) =>
      previous.status === 'unavailable' ? { ...previous, retrying: true } : { status: 'loading' },
    );
    void loadRemotePage(remote, module, attempt > 0).then((result) => {
      if (active) setState(stateOf(result));
    });
    return () => {
      active = false;
    };
  }, [remote, module, attempt, initial]);

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
