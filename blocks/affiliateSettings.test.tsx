// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import AffiliateSettings, { SETTINGS_DISABLED } from './affiliateSettings';
import type { AffiliateSettingsProperties } from '../src/core/generated/blockProperties';
import { AFFILIATE_NOT_SET_UP } from './charts/affiliate';
import { blockOf, renderInStore } from './commerce/testing';

afterEach(() => cleanup());

const renderSettings = (properties: Record<string, unknown> = {}) => {
  const { block, properties: p } = blockOf<AffiliateSettingsProperties>('affiliateSettings', properties);
  return renderInStore(<AffiliateSettings block={block} properties={p} mode="native" />);
};

describe('affiliateSettings block', () => {
  it('shows the schema fields disabled, with the empty-state note', () => {
    renderSettings({ copy: '<p>Earn with us</p>' });
    expect(screen.getByRole('heading').textContent).toBe('Affiliate programme');
    expect(screen.getByText('Earn with us')).toBeTruthy();
    expect(screen.getByText(AFFILIATE_NOT_SET_UP)).toBeTruthy();
    for (const name of ['Referral link', 'Commission rate (%)', 'Payout details']) {
      expect((screen.getByLabelText(name) as HTMLInputElement).matches(':disabled')).toBe(true);
    }
    expect(screen.getByText(SETTINGS_DISABLED)).toBeTruthy();
  });

  it('hides the fields switched off', () => {
    renderSettings({ showReferralLink: false, showPayoutDetails: false });
    expect(screen.queryByLabelText('Referral link')).toBeNull();
    expect(screen.queryByLabelText('Payout details')).toBeNull();
    expect(screen.getByLabelText('Commission rate (%)')).toBeTruthy();
  });
});
