import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server's HTML is on screen without the app behind it (and on the server), true once the app
 * has taken over. A form's submit waits for it: before then a press would go nowhere, or worse, send the form
 * natively with its fields (a password) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
