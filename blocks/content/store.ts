import { useContext } from 'react';
import { StoreContext } from '../../src/app/StoreContext';
import type { StoreCoreData } from '../../src/core/storeData';

/**
 * The store core data when the block is drawn inside the store app, else null (builder thumbnails,
 * mail rendering, tests): useStore() throws outside its provider, and blocks must draw anywhere.
 */
export const useOptionalStore = (): StoreCoreData | null => useContext(StoreContext);
