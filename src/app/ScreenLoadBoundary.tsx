/**
 * What shows when a lazy screen's chunk cannot be downloaded (offline before it was fetched,
 * or a deploy replaced it): a short alert with a reload button, instead of a blank app. The
 * header stays; navigating to another path clears it. Any other error passes on unchanged.
 */
import { Component, type ReactNode } from 'react';

/** A lazy screen's chunk failed to download (thrown by the router's lazy loaders). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('screen chunk failed to load', { cause });
  }
}

interface Props {
  path: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  path: string | null;
}

export class ScreenLoadBoundary extends Component<Props, State> {
  state: State = { error: null, path: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, path: window.location.pathname };
  }

  render() {
    const { error, path } = this.state;
    if (error === null || path !== this.props.path) return this.props.children;
    if (!(error instanceof ScreenLoadError)) throw error;
    return (
      <main className="screen narrow">
        <p role="alert">This screen could not be loaded. Check your connection, then reload.</p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}
