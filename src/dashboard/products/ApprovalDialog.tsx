import { useState } from 'react';
import { api } from '../../lib/api';
import { FormDialog, useDialogSave } from '../FormDialog';
import { APPROVAL_LABELS, type ProductRow } from '../../core/dashboardProducts';

/** Staff review of a product (§3 approvalStatus): approve it, or deny it with the reason the owner will read. */
export function ApprovalDialog({ product, onClose }: { product: ProductRow; onClose: (changed: boolean) => void }) {
  const [reason, setReason] = useState(product.denialReason ?? '');
  const { error, busy, run } = useDialogSave(onClose);
  const decide = (status: 'approved' | 'denied') => run(() => api(`/omnis/v3/dashboard/products/${product.id}/approval/`, { method: 'POST', body: { status, reason } }));
  return (
    <FormDialog
      heading={<>Review “{product.name}”</>}
      error={error}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void decide('denied')}>
            Deny
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide('approved')}>
            Approve
          </button>
        </>
      }
    >
      <p>
        Now: <strong>{APPROVAL_LABELS[product.approvalStatus]}</strong>. Denying takes the product off the store until it is approved.
      </p>
      <label>
        Reason for a denial
        <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} />
      </label>
    </FormDialog>
  );
}
