import { useId } from 'react';
import type { AffiliateSettingsProperties } from '../src/core/generated/blockProperties';
import type { BlockProps } from '../src/renderer/types';
import { RichText } from './commerce/RichText';
import { AffiliateNotice } from './charts/affiliate';
import './affiliateSettings.css';

export const SETTINGS_DISABLED = 'These settings can be changed once the affiliate programme is available.';

/** The owner's affiliate programme settings: the form is shown (per the switches) but disabled until it exists. */
export default function AffiliateSettings({ properties: p }: BlockProps<AffiliateSettingsProperties>) {
  const id = useId();
  return (
    <section className="dashboard-panel affiliate-settings">
      {p.title ? <h2 className="dashboard-panel__title">{p.title}</h2> : null}
      {p.copy ? <RichText html={p.copy} /> : null}
      <AffiliateNotice />
      <fieldset className="affiliate-settings__form" disabled aria-describedby={`${id}-note`}>
        <legend className="chart-kit-sr">Affiliate programme settings</legend>
        {(p.showReferralLink ?? true) ? (
          <div className="affiliate-settings__field">
            <label htmlFor={`${id}-link`}>Referral link</label>
            <input id={`${id}-link`} type="text" placeholder="https://your-store.example/?ref=your-code" readOnly />
          </div>
        ) : null}
        {(p.showCommission ?? true) ? (
          <div className="affiliate-settings__field">
            <label htmlFor={`${id}-commission`}>Commission rate (%)</label>
            <input id={`${id}-commission`} type="number" min={0} max={100} placeholder="10" />
          </div>
        ) : null}
        {(p.showPayoutDetails ?? true) ? (
          <div className="affiliate-settings__field">
            <label htmlFor={`${id}-payout`}>Payout details</label>
            <input id={`${id}-payout`} type="text" placeholder="Bank account or PayPal email" />
          </div>
        ) : null}
      </fieldset>
      <p id={`${id}-note`} className="dashboard-panel__note">
        {SETTINGS_DISABLED}
      </p>
    </section>
  );
}
