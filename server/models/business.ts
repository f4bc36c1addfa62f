/**
 * §3 Customer and Manufacturer/project for models/fetch (issue #16). A customer is a user seen by the people who
 * look after them: the user reads their own contact fields, staff also read the CRM facts they keep (notes, lead
 * status, potential value, tags). A manufacturer/project is read by the owners of its stores; staff also read its
 * fraud flag and betas.
 */
import { defineModel, toIso, visibleFrom } from './types';

export const customer = defineModel({
  type: 'customer',
  title: 'Customer',
  from: 'users t left join customer_profiles cp on cp.user_id = t.id and cp.division_id is null',
  id: 't.id',
  division: null,
  owner: 't.id',
  visible: visibleFrom('self'),
  fields: {
    id: { read: 'self', sql: 't.id' },
    email: { read: 'self', sql: 't.email' },
    firstName: { read: 'self', sql: 't.first_name' },
    lastName: { read: 'self', sql: 't.last_name' },
    // §3: missing names display as "Unknown".
    fullName: { read: 'self', sql: "coalesce(nullif(trim(t.first_name || ' ' || t.last_name), ''), 'Unknown')" },
    verified: { read: 'self', sql: 't.verified_at is not null' },
    signedEula: { read: 'self', sql: 't.eula_signed_at is not null' },
    twoFactorAuthEnabled: { read: 'self', sql: 't.two_factor_enabled_at is not null' },
    internal: { read: 'staff', sql: 't.internal' },
    dashboardPermissions: { read: 'staff', sql: 't.permissions' },
    notes: { read: 'staff', sql: "coalesce(cp.notes, '')" },
    leadStatus: { read: 'staff', sql: "coalesce(cp.lead_status, 'new')" },
    potentialValue: { read: 'staff', sql: 'cp.potential_value' },
    tags: {
      read: 'staff',
      sql: `coalesce((select json_agg(json_build_object('type', ct.type, 'name', ct.name) order by ct.type, ct.name)
             from customer_profile_tags pt join customer_tags ct on ct.id = pt.tag_id where pt.profile_id = cp.id), '[]'::json)`,
    },
    createdAt: { read: 'staff', sql: 't.created_at', map: toIso },
    password: { read: 'never' },
    passwordHash: { read: 'never' },
    twoFactorSecret: { read: 'never' },
  },
});

export const manufacturer = defineModel({
  type: 'manufacturer',
  title: 'Manufacturer',
  from: 'projects t',
  id: 't.id',
  // The project's first store: its owners and editors read the project.
  division: '(select min(d.id) from divisions d where d.project_id = t.id)',
  owner: null,
  visible: visibleFrom('store'),
  fields: {
    id: { read: 'store', sql: 't.id' },
    name: { read: 'store', sql: 't.name' },
    email: { read: 'store', sql: 't.email' },
    isPro: { read: 'store', sql: 't.is_pro' },
    active: { read: 'store', sql: 't.active' },
    badges: { read: 'store', sql: 't.badges' },
    currency: { read: 'store', sql: 't.currency' },
    paymentInterval: { read: 'store', sql: 't.payment_interval' },
    integrationType: { read: 'store', sql: 't.integration_type' },
    force2fa: { read: 'store', sql: 't.force2fa' },
    enableBulkStudio: { read: 'store', sql: 't.enable_bulk_studio' },
    promoUrl: { read: 'store', sql: 't.promo_url' },
    isVip: { read: 'staff', sql: 't.is_vip' },
    betas: { read: 'staff', sql: 't.betas' },
    isFraud: { read: 'staff', sql: 't.is_fraud' },
  },
});
