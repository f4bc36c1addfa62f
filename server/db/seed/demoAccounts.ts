import type { Database } from '../database';
import { hashPassword } from '../../auth/crypto';
import { DEMO_STORE } from './demoPages';

/** The demo accounts of docs/auth-api.md, listed in the README. */
export const DEMO_ACCOUNTS = [
  { key: 'owner', email: 'owner@fernandthread.example', password: 'demo-owner-password', firstName: 'Fern', lastName: 'Owner', internal: false, verified: true, eula: true, storeRole: 'owner' as const },
  { key: 'staff', email: 'staff@pod.example', password: 'demo-staff-password', firstName: 'Sam', lastName: 'Staff', internal: true, verified: true, eula: true, storeRole: null },
  // A verified shopper without dashboard access: the EULA is not signed (§6 dashboard access: login → verified → EULA).
  { key: 'shopper', email: 'shopper@pod.example', password: 'demo-shopper-password', firstName: 'Sky', lastName: 'Shopper', internal: false, verified: true, eula: false, storeRole: null },
] as const;

/**
 * Creates the demo accounts that do not exist yet (by email) and gives the demo store a project; the owner
 * becomes owner of the demo store. Idempotent: returns whether it wrote anything.
 */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const { rows: present } = await db.query<{ email: string }>('select lower(email) as email from users where lower(email) = any($1::text[])', [
    DEMO_ACCOUNTS.map((a) => a.email),
  ]);
  const have = new Set(present.map((r) => r.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  // Hash outside the transaction: argon2 is slow on purpose and PGlite runs one transaction at a time.
  const hashes = await Promise.all(missing.map((a) => hashPassword(a.password)));
  return db.transaction(async (tx) => {
    let wrote = false;
    const division = (await tx.query<{ id: number; project_id: number | null; name: string }>('select id, project_id, name from divisions where code = $1', [DEMO_STORE.code])).rows[0];
    if (division && division.project_id === null) {
      const project = await tx.query<{ id: number }>('insert into projects (name) values ($1) returning id', [division.name]);
      await tx.query('update divisions set project_id = $2 where id = $1', [division.id, project.rows[0]!.id]);
      wrote = true;
    }
    for (const [i, account] of missing.entries()) {
      const { rows } = await tx.query<{ id: number }>(
        `insert into users (email, password_hash, first_name, last_name, status, internal, dashboard_access, verified_at, eula_signed_at)
         values ($1, $2, $3, $4, 0, $5, $6, ${account.verified ? 'now()' : 'null'}, ${account.eula ? 'now()' : 'null'})
         on conflict ((lower(email))) do nothing returning id`,
        [account.email, hashes[i], account.firstName, account.lastName, account.internal, account.eula],
      );
      const id = rows[0]?.id;
      if (id === undefined) continue;
      wrote = true;
      if (account.storeRole && division) {
        await tx.query('insert into store_members (division_id, user_id, role) values ($1, $2, $3) on conflict do nothing', [division.id, id, account.storeRole]);
      }
    }
    return wrote;
  });
}
