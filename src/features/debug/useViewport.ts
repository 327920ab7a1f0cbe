/** The window's size, live (the debug panels' viewport line). */
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const read = () => `${window.innerWidth} × ${window.innerHeight} @${window.devicePixelRatio}x`;

export const useViewport = (): string => useSyncExternalStore(subscribe, read);
