import { useState } from 'react';
import { api } from '../../lib/api';
import { FormDialog, useDialogSave } from '../FormDialog';
import { INTEGRATION_TYPES, PAYMENT_INTERVALS, PROJECT_CURRENCIES, type PaymentInterval, type ProjectRow, type ProjectSettings } from '../../core/businessAdmin';

const FLAGS: { key: 'isPro' | 'force2fa' | 'isVip' | 'isFraud' | 'active'; label: string }[] = [
  { key: 'active', label: 'Active' },
  { key: 'isPro', label: 'Pro' },
  { key: 'force2fa', label: 'Force two-factor authentication' },
  { key: 'isVip', label: 'VIP' },
  { key: 'isFraud', label: 'Flagged as fraud' },
];

/** Staff edit a project's settings (§3 Manufacturer/project). */
export function ProjectDialog({ project, onClose }: { project: ProjectRow; onClose: (changed: boolean) => void }) {
  const [settings, setSettings] = useState<ProjectSettings>({
    isPro: project.isPro,
    force2fa: project.force2fa,
    currency: project.currency,
    paymentInterval: project.paymentInterval,
    integrationType: project.integrationType,
    betas: project.betas,
    isVip: project.isVip,
    isFraud: project.isFraud,
    active: project.active,
  });
  const [betas, setBetas] = useState(project.betas.join(', '));
  const { error, busy, run } = useDialogSave(onClose);
  const save = () => {
    const list = [...new Set(betas.split(',').map((b) => b.trim().toLowerCase()).filter(Boolean))];
    return run(() => api(`/omnis/v3/dashboard/projects/${project.id}/`, { method: 'PATCH', body: { ...settings, integrationType: settings.integrationType || null, betas: list } }));
  };
  return (
    <FormDialog
      heading={`${project.name} settings`}
      error={error}
      onClose={onClose}
      actions={
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void save()}>
          Save settings
        </button>
      }
    >
      <fieldset className="business__flags">
        <legend>Flags</legend>
        {FLAGS.map((f) => (
          <label key={f.key}>
            <input type="checkbox" checked={settings[f.key]} onChange={(e) => setSettings((s) => ({ ...s, [f.key]: e.target.checked }))} /> {f.label}
          </label>
        ))}
      </fieldset>
      <label>
        Currency
        <select value={settings.currency} onChange={(e) => setSettings((s) => ({ ...s, currency: e.target.value }))}>
          {PROJECT_CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label>
        Payment interval
        <select value={settings.paymentInterval} onChange={(e) => setSettings((s) => ({ ...s, paymentInterval: e.target.value as PaymentInterval }))}>
          {PAYMENT_INTERVALS.map((c) => (
            <option key={c} value={c}>
              {c[0]!.toUpperCase() + c.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Integration type
        <select value={settings.integrationType ?? ''} onChange={(e) => setSettings((s) => ({ ...s, integrationType: e.target.value || null }))}>
          {INTEGRATION_TYPES.map((c) => (
            <option key={c} value={c}>
              {c === '' ? 'None (this platform)' : c}
            </option>
          ))}
        </select>
      </label>
      <label>
        Betas <small>(codes, separated with commas)</small>
        <input value={betas} onChange={(e) => setBetas(e.target.value)} />
      </label>
    </FormDialog>
  );
}
