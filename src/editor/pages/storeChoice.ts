import { useSearchParams } from 'react-router';
import { useStore } from '../../app/StoreContext';
import { useSession, type SessionUser } from '../../auth/session';

/**
 * The store whose pages the dashboard edits: `?store={divisionId}` when given, else the signed-in user's first
 * store where they are owner or editor; staff without a store edit the store this site serves.
 */
export function chooseDivision(user: SessionUser, param: string | null, currentDivisionId: number): number | null {
  const asked = param === null ? NaN : Number(param);
  if (Number.isSafeInteger(asked) && asked > 0) return asked;
  const membership = user.stores.find((s) => s.role === 'owner' || s.role === 'editor');
  if (membership) return membership.divisionId;
  return user.internal ? currentDivisionId : null;
}

export type DivisionChoice = { status: 'loading' } | { status: 'none' } | { status: 'ready'; divisionId: number; user: SessionUser };

export function useEditorDivision(): DivisionChoice {
  const { user, status } = useSession({ load: 'always' });
  const [params] = useSearchParams();
  const current = useStore().state.subdomain.division.id;
  if (!user) return status === 'anonymous' ? { status: 'none' } : { status: 'loading' };
  const divisionId = chooseDivision(user, params.get('store'), current);
  return divisionId === null ? { status: 'none' } : { status: 'ready', divisionId, user };
}

export const pagesUrl = (divisionId: number) => `/omnis/v3/divisions/${divisionId}/pages/`;
export const pageUrl = (divisionId: number, pageId: number | string) => `/omnis/v3/divisions/${divisionId}/pages/${pageId}/`;
