import { useState } from 'react';
import { api } from '../../lib/api';
import { FormDialog, useDialogSave } from '../FormDialog';
import { CUSTOMER_TAG_TYPES, LEAD_STATUSES, LEAD_STATUS_LABELS, type CustomerRow, type CustomerTagType, type LeadStatus } from '../../core/businessAdmin';

const TYPE_LABELS: Record<CustomerTagType, string> = { services: 'Services', industries: 'Industries' };
const splitTags = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

/** Edit a customer's tags (services and industries), notes, lead status and potential value. */
export function CustomerDialog({ customer, url, onClose }: { customer: CustomerRow; url: string; onClose: (changed: boolean) => void }) {
  const [tags, setTags] = useState<Record<CustomerTagType, string>>({
    services: customer.tags.filter((t) => t.type === 'services').map((t) => t.name).join(', '),
    industries: customer.tags.filter((t) => t.type === 'industries').map((t) => t.name).join(', '),
  });
  const [notes, setNotes] = useState(customer.notes);
  const [leadStatus, setLeadStatus] = useState<LeadStatus>(customer.leadStatus);
  const [value, setValue] = useState(customer.potentialValue === null ? '' : String(customer.potentialValue / 100));
  const { error, setError, busy, run } = useDialogSave(onClose);
  const save = async () => {
    const amount = value.trim() === '' ? null : Math.round(Number(value) * 100);
    if (amount !== null && (!Number.isFinite(amount) || amount < 0)) {
      setError('Potential value must be a positive number');
      return;
    }
    const body = { tags: CUSTOMER_TAG_TYPES.flatMap((type) => splitTags(tags[type]).map((name) => ({ type, name }))), notes, leadStatus, potentialValue: amount };
    await run(() => api(url, { method: 'PATCH', body }));
  };
  return (
    <FormDialog
      heading={customer.name}
      error={error}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
          Save customer
        </button>
      }
    >
      <p>{customer.email}</p>
      {CUSTOMER_TAG_TYPES.map((type) => (
        <label key={type}>
          {TYPE_LABELS[type]} tags <small>(separate with commas)</small>
          <input value={tags[type]} maxLength={500} onChange={(e) => setTags((t) => ({ ...t, [type]: e.target.value }))} />
        </label>
      ))}
      <label>
        Lead status
        <select value={leadStatus} onChange={(e) => setLeadStatus(e.target.value as LeadStatus)}>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Potential value
        <input inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
      </label>
      <label>
        Notes
        <textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={4} maxLength={5000} />
      </label>
    </FormDialog>
  );
}
