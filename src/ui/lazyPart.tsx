/**
 * A part of the interface in its own chunk, downloaded when it first renders: the kit's
 * overlays (a dialog, a menu's popup, the toasts) and the debug-mode panels, none of which `/`
 * needs to show (issue 30, the capture path's budget in tools/bundle/capturePath.ts). While
 * the chunk downloads the part renders `fallback` (nothing unless told), so what opened it
 * keeps focus and an overlay takes it when it shows. Every part is fetched once the browser is
 * idle (`prefetchLazyParts`, called by the router with the lazy screens), and the service
 * worker precaches every chunk, so a part opens offline.
 *
 * What must stay true: a chunk that fails to download (offline before it was fetched, a
 * deploy replaced it) never takes the app down: the part renders `fallback` and logs, and the
 * next time it mounts (a dialog opened again) it tries the download again.
 */
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const loaders: (() => Promise<unknown>)[] = [];

/** Downloads every lazy part's chunk; a failure is left to the part when it renders. */
export function prefetchLazyParts(): void {
  for (const load of loaders) void load().catch(() => undefined);
}

class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('a lazy part failed to load', error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The component `pick` takes from the module `load` imports, rendered once that has downloaded. */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  fallback: ReactNode = null,
): ComponentType<P> {
  loaders.push(load);
  const make = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          Loaded = make(); // a later mount downloads again
          throw error;
        },
      ),
    );
  let Loaded = make();
  return function LazyPart(props: P) {
    return (
      <PartBoundary fallback={fallback}>
        <Suspense fallback={fallback}>
          <Loaded {...props} />
        </Suspense>
      </PartBoundary>
    );
  };
}
