import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/errors';
import { linkOrigin } from '../../http/linkOrigin';
import { audit } from '../../auth/audit';
import {
  checkTotp,
  hashPassword,
  hashRecoveryCode,
  newRecoveryCode,
  newTotpSecret,
  qrSvg,
  RECOVERY_CODE_COUNT,
  totpUri,
  verifyPassword,
} from '../../auth/crypto';
import { fieldError } from '../../auth/errors';
import { requireConfirmedPassword, requireUser, requireVerified } from '../../auth/guards';
import { queueNewSignInMail, queueResetMail, queueSignInLinkMail, queueVerificationMail } from '../../auth/mails';
import { authMessages } from '../../auth/messages';
import { createStoreFor } from '../../auth/newStore';
import { assertNotLocked, clearFailures, countAttempt, limitKeys, recordFailure, settleAttempt } from '../../auth/rateLimit';
import { isKnownDevice, rememberDevice } from '../../auth/devices';
import { endSession, endUserSessions, loadAuthUser, startSession, toPublicUser } from '../../auth/sessions';
import { consumeToken, issueToken, peekToken, voidTokens, type TokenKind } from '../../auth/tokens';
import type { PublicUser } from '../../auth/types';
import { checkFields, normaliseEmail, PASSWORD_RULES } from '../../auth/validation';
import { captchaFromEnv, type CaptchaVerifier } from '../../services/captcha';

/** Calls that act on the session alone and carry no body. */
const NO_BODY = { config: { body: 'none' as const } };

const API = '/omnis/v3';

// Bodies are checked for shape only (types, sizes): missing or malformed values reach the §5.1 rule book,
// which answers with the spec's messages keyed by field name.
const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const flag = { anyOf: [{ type: 'integer', enum: [0, 1] }, { type: 'boolean' }, { type: 'string', enum: ['0', '1'] }] } as const;
const body = (properties: Record<string, unknown>) => ({ body: { type: 'object', properties } });
const optionalBody = (properties: Record<string, unknown>) => ({ body: { type: ['object', 'null'], properties } });

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  status: number | null;
  two_factor_secret: string | null;
  two_factor_enabled_at: unknown;
  two_factor_last_step: string | number | null;
}

const USER_COLUMNS = 'id, email, password_hash, status, two_factor_secret, two_factor_enabled_at, two_factor_last_step';

async function userByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users where lower(email) = $1`, [normaliseEmail(email)]);
  return rows[0] ?? null;
}

async function userById(db: Queryable, id: number): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0]!;
}

/** Pasted addresses often carry spaces: they are judged (and stored) trimmed. */
/** Keys for password and code checks of a signed-in user: the account from this IP, and the account. */
const signedInKeys = (ip: string, email: string) => {
  const keys = limitKeys('login', ip, email);
  return { pair: keys.pair!, all: [keys.pair!, keys.account!] };
};
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const isOn = (value: unknown) => value === 1 || value === true || value === '1';
const lastStep = (row: UserRow) => (row.two_factor_last_step === null ? null : Number(row.two_factor_last_step));

async function answerUser(db: Queryable, userId: number, confirmedAt: string | null): Promise<{ user: PublicUser }> {
  const user = await loadAuthUser(db, userId, confirmedAt);
  return { user: toPublicUser(user!) };
}

/** Inserts a fresh set of recovery codes (the old ones are deleted) and returns them in clear, once. */
async function replaceRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
  await tx.query('delete from recovery_codes where user_id = $1', [userId]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const values = codes.map((_, i) => `($1, $${i + 2})`).join(', ');
  await tx.query(`insert into recovery_codes (user_id, code_hash) values ${values}`, [userId, ...codes.map(hashRecoveryCode)]);
  return codes;
}

/** Uses up one recovery code of the user; false when it is not one of their unused codes. */
async function useRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  const { rows } = await db.query('update recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning id', [
    userId,
    hashRecoveryCode(code),
  ]);
  return rows.length > 0;
}

interface SignUpBody {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  v3captchaToken?: string;
  v2captchaToken?: string;
  should_have_store?: unknown;
  dashboard_access?: unknown;
}

interface LoginBody {
  email?: string;
  password?: string;
  twoFactorAuthCode?: string;
  recoveryCode?: string;
  token?: string;
  v3captchaToken?: string;
  v2captchaToken?: string;
}

interface PasswordBody {
  token?: string;
  currentPassword?: string;
  password?: string;
  password_confirmation?: string;
}

/** §7 secure endpoints (docs/auth-api.md): sign-up, verification, EULA, login, 2FA, recovery, reset, logout. */
export function secureRoutes(app: FastifyInstance, ctx: AppContext) {
  const envCaptcha = captchaFromEnv();
  const captcha = (): CaptchaVerifier => ctx.captcha ?? envCaptcha;

  /**
   * Mails a one-time link (password reset, sign-in) to an account by its email. Every request counts against the
   * scope's allowance (mail bombing), and the caller answers the same whether or not the account exists.
   */
  async function mailTokenLink(
    request: FastifyRequest,
    email: string | undefined,
    scope: string,
    kind: TokenKind,
    queueMail: (tx: Queryable, to: string, origin: string, token: string) => Promise<unknown>,
  ) {
    checkFields({ email: { value: trimmed(email), rules: ['required', 'email'] } });
    const keys = limitKeys(scope, request.ip, email);
    await assertNotLocked(ctx.db, keys.all);
    await recordFailure(ctx.db, keys.all);
    const row = await userByEmail(ctx.db, email!);
    if (!row || row.status === -1) return;
    const origin = await linkOrigin(ctx.db, request);
    await ctx.db.transaction(async (tx) => {
      await queueMail(tx, row.email, origin, await issueToken(tx, kind, row.id));
    });
  }

  async function checkCaptcha(request: FastifyRequest, tokens: { v3captchaToken?: string; v2captchaToken?: string }, action: string, keys: string[]) {
    const verifier = captcha();
    if (!verifier.enabled) return;
    if (await verifier.verify({ v3: tokens.v3captchaToken, v2: tokens.v2captchaToken }, { ip: request.ip, action })) return;
    await recordFailure(ctx.db, keys);
    throw fieldError('captcha', authMessages.captchaFailed);
  }

  const passwordChecks = (b: PasswordBody) => {
    checkFields({ password: { value: b.password, rules: PASSWORD_RULES } });
    if (b.password !== b.password_confirmation) throw fieldError('password_confirmation', authMessages.passwordMismatch);
  };

  // ---- Sign-up, verification, EULA ----

  app.post<{ Body: SignUpBody }>(
    `${API}/shop/customer/create/`,
    {
      schema: body({
        email: str(254),
        password: str(1000),
        firstName: str(100),
        lastName: str(100),
        v3captchaToken: str(5000),
        v2captchaToken: str(5000),
        should_have_store: flag,
        dashboard_access: flag,
      }),
    },
    async (request, reply) => {
      const b = request.body ?? {};
      checkFields({ email: { value: trimmed(b.email), rules: ['required', 'email'] }, password: { value: b.password, rules: PASSWORD_RULES } });
      const email = normaliseEmail(b.email!);
      const keys = limitKeys('signup', request.ip, email);
      await assertNotLocked(ctx.db, keys.all);
      await checkCaptcha(request, b, 'signup', keys.all);
      const taken = async () => {
        await recordFailure(ctx.db, keys.all);
        return fieldError('email', authMessages.emailTaken);
      };
      if (await userByEmail(ctx.db, email)) throw await taken();
      const passwordHash = await hashPassword(b.password!);
      const firstName = b.firstName?.trim() ?? '';
      const lastName = b.lastName?.trim() ?? '';
      const origin = await linkOrigin(ctx.db, request);
      const created = await ctx.db
        .transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `insert into users (email, password_hash, first_name, last_name, dashboard_access) values ($1, $2, $3, $4, $5)
             on conflict ((lower(email))) do nothing returning id`,
            [email, passwordHash, firstName, lastName, isOn(b.dashboard_access) || isOn(b.should_have_store)],
          );
          const userId = rows[0]?.id;
          if (userId === undefined) return null; // someone registered the address a moment ago
          if (isOn(b.should_have_store)) await createStoreFor(tx, ctx.registry, { id: userId, email, firstName });
          const token = await issueToken(tx, 'verify', userId);
          await queueVerificationMail(tx, email, origin, token);
          await audit(tx, { actorUserId: userId, action: 'signup', subjectType: 'user', subjectId: userId, data: { shouldHaveStore: isOn(b.should_have_store) }, ip: request.ip });
          const session = await startSession(tx, request, reply, userId, { confirmed: true });
          return { userId, confirmedAt: session.confirmedAt };
        });
      if (!created) throw await taken();
      return reply.code(201).send(await answerUser(ctx.db, created.userId, created.confirmedAt));
    },
  );

  app.post<{ Body: { token?: string } }>(`${API}/shop/customer/verify/`, { schema: body({ token: str(200) }) }, async (request) => {
    const userId = await ctx.db.transaction(async (tx) => {
      const id = await consumeToken(tx, 'verify', request.body?.token);
      if (id === null) return null;
      await tx.query('update users set verified_at = coalesce(verified_at, now()), status = coalesce(status, 0) where id = $1', [id]);
      await audit(tx, { actorUserId: id, action: 'email_verified', subjectType: 'user', subjectId: id, ip: request.ip });
      return id;
    });
    if (userId === null) throw fieldError('token', authMessages.invalidVerifyToken);
    return answerUser(ctx.db, userId, request.auth?.id === userId ? request.auth.confirmedAt : null);
  });

  app.post(`${API}/shop/customer/verify/resend/`, NO_BODY, async (request) => {
    const user = requireUser(request);
    if (user.verified) return { message: authMessages.alreadyVerified };
    // Every resend counts: at most 5 mails per 15 minutes per account.
    const keys = limitKeys('verify-resend', request.ip, user.email);
    await assertNotLocked(ctx.db, keys.all);
    await recordFailure(ctx.db, keys.all);
    const origin = await linkOrigin(ctx.db, request);
    await ctx.db.transaction(async (tx) => {
      await voidTokens(tx, 'verify', user.id);
      const token = await issueToken(tx, 'verify', user.id);
      await queueVerificationMail(tx, user.email, origin, token);
    });
    return { message: authMessages.verificationResent };
  });

  app.post<{ Body: { accept?: unknown } }>(`${API}/dashboard/secure/eula/`, { schema: optionalBody({ accept: {} }) }, async (request) => {
    const user = requireVerified(request);
    if (request.body?.accept !== true) throw fieldError('accept', authMessages.required);
    await ctx.db.transaction(async (tx) => {
      await tx.query('update users set eula_signed_at = coalesce(eula_signed_at, now()) where id = $1', [user.id]);
      await audit(tx, { actorUserId: user.id, action: 'eula_signed', subjectType: 'user', subjectId: user.id, ip: request.ip });
    });
    return answerUser(ctx.db, user.id, user.confirmedAt);
  });

  app.get(`${API}/dashboard/secure/get/`, async (request) => ({ user: toPublicUser(requireUser(request)) }));

  // ---- Login, 2FA, recovery, logout ----

  /**
   * Counts the sign-in attempt before the password is looked at (server/auth/rateLimit.ts): its account+IP pair
   * always, the account and the IP unless this browser signed in to the account before.
   */
  async function countSignIn(request: FastifyRequest, b: LoginBody) {
    const keys = limitKeys('login', request.ip, b.email);
    const known = await isKnownDevice(ctx.db, request, b.email);
    const counted = known ? [keys.pair!] : [keys.pair!, keys.account!, keys.ip];
    await assertNotLocked(ctx.db, counted);
    await countAttempt(ctx.db, counted);
    await checkCaptcha(request, b, 'login', []);
    return {
      /** The password was right: the pair and account start again, the shared IP gets this attempt back. */
      settle: () => settleAttempt(ctx.db, [keys.pair!, keys.account!], known ? [] : [keys.ip]),
      /** A step that needs another request (the 2FA code) gives the attempt back. */
      giveBack: () => settleAttempt(ctx.db, [], counted),
    };
  }

  /** Password check shared by login and recovery login (the attempt is already counted): the row, else 422. */
  async function checkCredentials(request: FastifyRequest, b: LoginBody): Promise<UserRow> {
    const row = await userByEmail(ctx.db, b.email!);
    const ok = await verifyPassword(row?.password_hash, b.password!);
    if (!ok || !row || row.status === -1) {
      await audit(ctx.db, { actorUserId: row?.id ?? null, action: 'login_failed', subjectType: 'user', subjectId: row?.id, data: { email: normaliseEmail(b.email!), reason: 'password' }, ip: request.ip });
      throw fieldError('email', authMessages.badCredentials);
    }
    return row;
  }

  async function completeLogin(request: FastifyRequest, reply: Parameters<typeof startSession>[2], row: UserRow, method: string, extra: (tx: Queryable) => Promise<void> = async () => {}) {
    const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 500);
    const created = await ctx.db.transaction(async (tx) => {
      await extra(tx);
      const seen = await tx.query(
        `select 1 from audit_log where actor_user_id = $1 and action = 'login' and ip is not distinct from $2 and data->>'userAgent' = $3 limit 1`,
        [row.id, request.ip, userAgent],
      );
      if (seen.rows.length === 0) await queueNewSignInMail(tx, row.email, { ip: request.ip, userAgent, at: new Date() });
      await rememberDevice(tx, request, reply, row.id);
      await audit(tx, { actorUserId: row.id, action: 'login', subjectType: 'user', subjectId: row.id, data: { method, userAgent }, ip: request.ip });
      return startSession(tx, request, reply, row.id, { confirmed: true });
    });
    return answerUser(ctx.db, row.id, created.confirmedAt);
  }

  const loginSchema = body({
    email: str(254),
    password: str(1000),
    twoFactorAuthCode: str(20),
    recoveryCode: str(40),
    token: str(200),
    v3captchaToken: str(5000),
    v2captchaToken: str(5000),
  });

  app.post<{ Body: LoginBody }>(`${API}/dashboard/secure/login/`, { schema: loginSchema }, async (request, reply) => {
    const b = request.body ?? {};
    checkFields({ email: { value: trimmed(b.email), rules: ['required', 'email'] }, password: { value: b.password, rules: ['required'] } });
    // An Authorization: Bearer header is ignored: there are no API tokens yet.
    const attempt = await countSignIn(request, b);
    const row = await checkCredentials(request, b);
    let step: number | null = null;
    if (row.two_factor_enabled_at !== null && row.two_factor_secret) {
      if (b.twoFactorAuthCode === undefined || b.twoFactorAuthCode.trim() === '') {
        await attempt.giveBack();
        return { twoFactorRequired: true };
      }
      step = await checkTotp(row.two_factor_secret, b.twoFactorAuthCode, lastStep(row));
      if (step === null) {
        await audit(ctx.db, { actorUserId: row.id, action: 'login_failed', subjectType: 'user', subjectId: row.id, data: { reason: '2fa' }, ip: request.ip });
        throw fieldError('twoFactorAuthCode', authMessages.invalidCode);
      }
    }
    await attempt.settle();
    return completeLogin(request, reply, row, step === null ? 'password' : 'totp', async (tx) => {
      if (step !== null) await tx.query('update users set two_factor_last_step = $2 where id = $1', [row.id, step]);
      // A verification token sent along (the link opened on a signed-out device) verifies the account too.
      if (b.token && (await consumeToken(tx, 'verify', b.token, row.id)) !== null) {
        await tx.query('update users set verified_at = coalesce(verified_at, now()), status = coalesce(status, 0) where id = $1', [row.id]);
      }
    });
  });

  app.post<{ Body: LoginBody }>(`${API}/dashboard/secure/recovery-login/`, { schema: loginSchema }, async (request, reply) => {
    const b = request.body ?? {};
    checkFields({
      email: { value: trimmed(b.email), rules: ['required', 'email'] },
      password: { value: b.password, rules: ['required'] },
      recoveryCode: { value: b.recoveryCode, rules: ['required', 'recovery_code'] },
    });
    const attempt = await countSignIn(request, b);
    const row = await checkCredentials(request, b);
    const used = row.two_factor_enabled_at !== null && (await useRecoveryCode(ctx.db, row.id, b.recoveryCode!));
    if (!used) {
      await audit(ctx.db, { actorUserId: row.id, action: 'login_failed', subjectType: 'user', subjectId: row.id, data: { reason: 'recovery_code' }, ip: request.ip });
      throw fieldError('recoveryCode', authMessages.invalidRecoveryCode);
    }
    await attempt.settle();
    return completeLogin(request, reply, row, 'recovery_code', async (tx) => {
      await audit(tx, { actorUserId: row.id, action: 'recovery_code_used', subjectType: 'user', subjectId: row.id, ip: request.ip });
    });
  });

  app.post(`${API}/dashboard/secure/logout/`, NO_BODY, async (request, reply) => {
    const user = request.auth;
    if (user) await audit(ctx.db, { actorUserId: user.id, action: 'logout', subjectType: 'user', subjectId: user.id, ip: request.ip });
    await endSession(ctx.db, request, reply);
    return {};
  });

  // ---- Sign-in link ----

  /**
   * An emailed one-time sign-in link: the way in for an owner whose password sign-in is slowed down (a stranger's
   * guesses) or captcha-gated on a new device. Same answer whether or not the account exists; at most 5 mails per
   * 15 minutes per address and per account. The link bypasses the password lock-out, not two-factor authentication.
   */
  app.post<{ Body: { email?: string } }>(`${API}/dashboard/secure/sign-in-link/`, { schema: body({ email: str(254) }) }, async (request) => {
    await mailTokenLink(request, request.body?.email, 'sign-in-link', 'sign-in', queueSignInLinkMail);
    return { message: authMessages.signInLinkSent };
  });

  app.post<{ Body: { token?: string; twoFactorAuthCode?: string } }>(
    `${API}/dashboard/secure/link-login/`,
    { schema: body({ token: str(200), twoFactorAuthCode: str(20) }) },
    async (request, reply) => {
      const b = request.body ?? {};
      const keys = limitKeys('sign-in-token', request.ip);
      await assertNotLocked(ctx.db, keys.all);
      checkFields({ token: { value: b.token, rules: ['required'] } });
      const invalid = async () => {
        await recordFailure(ctx.db, keys.all);
        return fieldError('token', authMessages.invalidSignInLink);
      };
      const peeked = await peekToken(ctx.db, 'sign-in', b.token);
      const row = peeked === null ? null : await userById(ctx.db, peeked);
      if (!row || row.status === -1) throw await invalid();
      let step: number | null = null;
      if (row.two_factor_enabled_at !== null && row.two_factor_secret) {
        if (b.twoFactorAuthCode === undefined || b.twoFactorAuthCode.trim() === '') return { twoFactorRequired: true };
        step = await checkTotp(row.two_factor_secret, b.twoFactorAuthCode, lastStep(row));
        if (step === null) {
          await audit(ctx.db, { actorUserId: row.id, action: 'login_failed', subjectType: 'user', subjectId: row.id, data: { reason: '2fa' }, ip: request.ip });
          throw fieldError('twoFactorAuthCode', authMessages.invalidCode);
        }
      }
      const spent = new Error('sign-in link already used');
      const answer = await completeLogin(request, reply, row, 'sign_in_link', async (tx) => {
        // Used up inside the sign-in's transaction: two tabs opening the same link get one session between them.
        if ((await consumeToken(tx, 'sign-in', b.token, row.id)) === null) throw spent;
        if (step !== null) await tx.query('update users set two_factor_last_step = $2 where id = $1', [row.id, step]);
        // The link reached the owner's inbox: the address is verified too.
        await tx.query('update users set verified_at = coalesce(verified_at, now()), status = coalesce(status, 0) where id = $1', [row.id]);
      }).catch(async (error: unknown) => {
        throw error === spent ? await invalid() : error;
      });
      // The owner is back in: this address's lock-out on the account starts again.
      const cleared = limitKeys('login', request.ip, row.email);
      await clearFailures(ctx.db, [cleared.pair!]);
      return answer;
    },
  );

  // ---- Password reset ----

  app.post<{ Body: { email?: string } }>(`${API}/dashboard/secure/request-reset/`, { schema: body({ email: str(254) }) }, async (request) => {
    await mailTokenLink(request, request.body?.email, 'reset', 'reset', queueResetMail);
    return { message: authMessages.resetRequested };
  });

  app.post<{ Body: PasswordBody }>(
    `${API}/dashboard/secure/reset-password/`,
    { schema: body({ token: str(200), password: str(1000), password_confirmation: str(1000) }) },
    async (request) => {
      const b = request.body ?? {};
      const keys = limitKeys('reset-token', request.ip);
      await assertNotLocked(ctx.db, keys.all);
      checkFields({ token: { value: b.token, rules: ['required'] } });
      passwordChecks(b);
      const passwordHash = await hashPassword(b.password!);
      const userId = await ctx.db.transaction(async (tx) => {
        const id = await consumeToken(tx, 'reset', b.token);
        if (id === null) return null;
        // The mail reached its owner, so the address is verified as well.
        await tx.query('update users set password_hash = $2, verified_at = coalesce(verified_at, now()), status = coalesce(status, 0) where id = $1', [id, passwordHash]);
        // Every other reset link and every session of the account end with the old password.
        await voidTokens(tx, 'reset', id);
        await voidTokens(tx, 'sign-in', id);
        await endUserSessions(tx, id);
        await audit(tx, { actorUserId: id, action: 'password_reset', subjectType: 'user', subjectId: id, ip: request.ip });
        return id;
      });
      if (userId === null) {
        await recordFailure(ctx.db, keys.all);
        throw fieldError('token', authMessages.invalidResetToken);
      }
      const row = await userById(ctx.db, userId);
      const cleared = limitKeys('login', request.ip, row.email);
      await clearFailures(ctx.db, [cleared.account!, cleared.pair!]);
      return { message: authMessages.passwordReset };
    },
  );

  // ---- Security settings ----

  app.post<{ Body: LoginBody }>(
    `${API}/dashboard/secure/confirm-password/`,
    { schema: body({ password: str(1000), twoFactorAuthCode: str(20), recoveryCode: str(40) }) },
    async (request) => {
      const user = requireUser(request);
      const b = request.body ?? {};
      checkFields({ password: { value: b.password, rules: ['required'] } });
      const keys = signedInKeys(request.ip, user.email);
      await assertNotLocked(ctx.db, keys.all);
      const row = await userById(ctx.db, user.id);
      if (!(await verifyPassword(row.password_hash, b.password!))) {
        await recordFailure(ctx.db, keys.all);
        throw fieldError('password', authMessages.wrongPassword);
      }
      let step: number | null = null;
      let usedRecovery = false;
      if (row.two_factor_enabled_at !== null && row.two_factor_secret) {
        // With 2FA on, the overlay also asks for a code, or a recovery code (which is then used up).
        if (b.recoveryCode !== undefined && b.recoveryCode.trim() !== '') {
          checkFields({ recoveryCode: { value: b.recoveryCode, rules: ['recovery_code'] } });
          usedRecovery = await useRecoveryCode(ctx.db, user.id, b.recoveryCode);
          if (!usedRecovery) {
            await recordFailure(ctx.db, keys.all);
            throw fieldError('recoveryCode', authMessages.invalidRecoveryCode);
          }
        } else {
          checkFields({ twoFactorAuthCode: { value: b.twoFactorAuthCode, rules: ['required', 'app_2fa_code'] } });
          step = await checkTotp(row.two_factor_secret, b.twoFactorAuthCode!, lastStep(row));
          if (step === null) {
            await recordFailure(ctx.db, keys.all);
            throw fieldError('twoFactorAuthCode', authMessages.invalidCode);
          }
        }
      }
      await clearFailures(ctx.db, [keys.pair]);
      const confirmedAt = await ctx.db.transaction(async (tx) => {
        if (step !== null) await tx.query('update users set two_factor_last_step = $2 where id = $1', [user.id, step]);
        if (usedRecovery) await audit(tx, { actorUserId: user.id, action: 'recovery_code_used', subjectType: 'user', subjectId: user.id, ip: request.ip });
        await audit(tx, { actorUserId: user.id, action: 'password_confirmed', subjectType: 'user', subjectId: user.id, ip: request.ip });
        const { rows } = await tx.query<{ confirmed_at: unknown }>('update sessions set confirmed_at = now() where id = $1 returning confirmed_at', [request.sessionId]);
        return new Date(rows[0]!.confirmed_at as string).toISOString();
      });
      return { confirmedAt };
    },
  );

  app.post<{ Body: PasswordBody }>(
    `${API}/dashboard/secure/change-password/`,
    { schema: body({ currentPassword: str(1000), password: str(1000), password_confirmation: str(1000) }) },
    async (request) => {
      const user = requireUser(request);
      const b = request.body ?? {};
      checkFields({ currentPassword: { value: b.currentPassword, rules: ['required'] } });
      passwordChecks(b);
      const keys = signedInKeys(request.ip, user.email);
      await assertNotLocked(ctx.db, keys.all);
      const row = await userById(ctx.db, user.id);
      if (!(await verifyPassword(row.password_hash, b.currentPassword!))) {
        await recordFailure(ctx.db, keys.all);
        throw fieldError('currentPassword', authMessages.wrongPassword);
      }
      const passwordHash = await hashPassword(b.password!);
      await ctx.db.transaction(async (tx) => {
        await tx.query('update users set password_hash = $2 where id = $1', [user.id, passwordHash]);
        await voidTokens(tx, 'reset', user.id);
        await voidTokens(tx, 'sign-in', user.id);
        await endUserSessions(tx, user.id, request.sessionId);
        await audit(tx, { actorUserId: user.id, action: 'password_changed', subjectType: 'user', subjectId: user.id, ip: request.ip });
      });
      return { message: authMessages.passwordChanged };
    },
  );

  app.post(`${API}/dashboard/secure/2fa/setup/`, NO_BODY, async (request) => {
    const user = requireConfirmedPassword(request);
    const secret = newTotpSecret();
    await ctx.db.query('update users set two_factor_pending_secret = $2 where id = $1', [user.id, secret]);
    const otpauthUrl = totpUri(secret, user.email);
    return { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl) };
  });

  app.post<{ Body: { code?: string } }>(`${API}/dashboard/secure/2fa/enable/`, { schema: body({ code: str(20) }) }, async (request) => {
    const user = requireUser(request);
    const b = request.body ?? {};
    checkFields({ code: { value: b.code, rules: ['required', 'app_2fa_code'] } });
    const keys = signedInKeys(request.ip, user.email);
    await assertNotLocked(ctx.db, keys.all);
    const { rows } = await ctx.db.query<{ two_factor_pending_secret: string | null }>('select two_factor_pending_secret from users where id = $1', [user.id]);
    const pending = rows[0]?.two_factor_pending_secret;
    if (!pending) throw fieldError('code', authMessages.noPendingSecret);
    const step = await checkTotp(pending, b.code!);
    if (step === null) {
      await recordFailure(ctx.db, keys.all);
      throw fieldError('code', authMessages.invalidCode);
    }
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      await tx.query(
        `update users set two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = null, two_factor_enabled_at = now(), two_factor_last_step = $2 where id = $1`,
        [user.id, step],
      );
      await audit(tx, { actorUserId: user.id, action: '2fa_enabled', subjectType: 'user', subjectId: user.id, ip: request.ip });
      return replaceRecoveryCodes(tx, user.id);
    });
    return { recoveryCodes };
  });

  app.post(`${API}/dashboard/secure/2fa/disable/`, NO_BODY, async (request) => {
    const user = requireConfirmedPassword(request);
    if (user.projectRequires2fa) throw new ApiError(422, authMessages.force2fa);
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        'update users set two_factor_secret = null, two_factor_pending_secret = null, two_factor_enabled_at = null, two_factor_last_step = null where id = $1',
        [user.id],
      );
      await tx.query('delete from recovery_codes where user_id = $1', [user.id]);
      if (user.twoFactorEnabled) await audit(tx, { actorUserId: user.id, action: '2fa_disabled', subjectType: 'user', subjectId: user.id, ip: request.ip });
    });
    return answerUser(ctx.db, user.id, user.confirmedAt);
  });

  app.post(`${API}/dashboard/secure/2fa/recovery-codes/`, NO_BODY, async (request) => {
    const user = requireConfirmedPassword(request);
    if (!user.twoFactorEnabled) throw new ApiError(422, authMessages.twoFactorOff);
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, user.id);
      await audit(tx, { actorUserId: user.id, action: 'recovery_codes_regenerated', subjectType: 'user', subjectId: user.id, ip: request.ip });
      return codes;
    });
    return { recoveryCodes };
  });
}
