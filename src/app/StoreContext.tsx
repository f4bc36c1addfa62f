import { createContext, useContext } from 'react';
import type { StoreCoreData } from '../core/storeData';

/** The store core data, loaded once at start (§7 getStoreCoreData). */
export const StoreContext = createContext<StoreCoreData | null>(null);

export function useStore(): StoreCoreData {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside StoreContext');
  return store;
}
