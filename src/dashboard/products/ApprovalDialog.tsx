import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { errorText } from '../../auth/form/serverErrors';
import { APPROVAL_LABELS, type ProductRow } from '../../core/dashboardProducts';

/** Staff review of a product (§3 approvalStatus): approve it, or deny it with the reason the owner will read. */
export function ApprovalDialog({ product, onClose }: { product: ProductRow; onClose: (changed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState(product.denialReason ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const decide = async (status: 'approved' | 'denied') => {
    setBusy(true);
    setError(null);
    try {
      await api(`/omnis/v3/dashboard/products/${product.id}/approval/`, { method: 'POST', body: { status, reason } });
      onClose(true);
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };
  return (
    <dialog ref={dialog} className="dash__dialog" aria-labelledby="approval-title" onCancel={() => onClose(false)}>
      <h2 id="approval-title">Review “{product.name}”</h2>
      <p>
        Now: <strong>{APPROVAL_LABELS[product.approvalStatus]}</strong>. Denying takes the product off the store until it is approved.
      </p>
      <label>
        Reason for a denial
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
      </label>
      {error && (
        <p role="alert" className="dash__error">
          {error}
        </p>
      )}
      <div className="dash__dialog-actions">
        <button type="button" className="button button--quiet" onClick={() => onClose(false)}>
          Cancel
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void decide('denied')}>
          Deny
        </button>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide('approved')}>
          Approve
        </button>
      </div>
    </dialog>
  );
}
