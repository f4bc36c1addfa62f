import { useMemo, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { blockConditions, type BlockConditionName } from '../core/blocks/conditions';
import { readCookie } from '../lib/cookies';
import { useSession } from '../auth/session';

const subscribeWidth = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};
// Only the side of the 768 px breakpoint matters, so resizing within one side does not re-render the page.
const isWide = () => window.innerWidth >= 768;

/** The §4 block conditions for the current visitor, page address and screen. */
export function useBlockConditions(): Record<BlockConditionName, () => boolean> {
  // Only signed in or not matters: learning that a visitor is anonymous leaves the page's blocks as they were.
  const loggedIn = useSession().status === 'authenticated';
  const { search } = useLocation();
  const wide = useSyncExternalStore(subscribeWidth, isWide, () => true);
  return useMemo(
    () => blockConditions({ loggedIn, width: wide ? 1024 : 390, query: new URLSearchParams(search), country: readCookie('country') ?? null }),
    [loggedIn, search, wide],
  );
}
