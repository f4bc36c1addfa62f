import { lazy, Suspense, useSyncExternalStore } from 'react';
import { overlays } from './overlayStore';

// The overlays' markup loads the first time one opens, so pages that never ask for one do not carry it.
const Overlay = lazy(() => import('./Overlay'));

/** Draws the first open §2.4 overlay (got-it, confirm, loading); the rest wait their turn. */
export function OverlayHost() {
  const open = useSyncExternalStore(overlays.subscribe, overlays.get, overlays.get);
  const first = open[0];
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <Overlay key={first.id} request={first} />
    </Suspense>
  );
}
