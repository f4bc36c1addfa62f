import { usePermissionGate } from '../../auth/RequirePermission';

/**
 * §6 dashboard permission gate for a whole screen: an editor without `permission` in the store sees why, and a
 * button that opens the request dialog ("Permission request successfully submitted" once sent).
 */
export function usePermissionNotice(permission: string, divisionId: number | null, what: string) {
  const gate = usePermissionGate(permission, divisionId ?? undefined);
  const notice =
    divisionId !== null && !gate.allowed ? (
      <div className="dash__empty">
        <p>You need the “{permission}” permission in this store to manage {what}.</p>
        <button type="button" className="button button--primary" onClick={gate.request}>
          Request permission
        </button>
        {gate.dialog}
      </div>
    ) : null;
  return { allowed: divisionId === null || gate.allowed, notice };
}
