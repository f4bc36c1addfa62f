import { useEffect, useState } from 'react';

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/** Says something to screen-reader users through the editor's polite live region (width changes, saves, moves). */
export function announce(message: string) {
  for (const listener of listeners) listener(message);
}

/** The live region; mount once in the editor. Repeating a message re-announces it (a trailing space toggles). */
export function LiveRegion() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    const listener: Listener = (next) => setMessage((prev) => (prev === next ? `${next}\u00a0` : next));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="editor-live">
      {message}
    </div>
  );
}
