import { createHash, randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { generateSecret, generateURI, verify as verifyOtp } from 'otplib';
import QRCode from 'qrcode';

// argon2id with the OWASP minimum profile (19 MiB, 2 passes): a login costs tens of milliseconds.
const ARGON2 = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2);

let dummyHash: Promise<string> | undefined;
/**
 * Verifies a password against a stored hash. With no hash (unknown email) it still spends the same work on a
 * dummy hash, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** SHA-256 hex: how session ids, mail tokens and recovery codes are stored. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A random URL-safe token (32 bytes). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

// ---- TOTP (RFC 6238: SHA-1, 6 digits, 30 s step, ±1 step accepted) ----

export const TOTP_ISSUER = process.env.TOTP_ISSUER ?? 'POD';
const TOTP_TOLERANCE_SECONDS = 30;

export const newTotpSecret = (): string => generateSecret();

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret });
}

/** The otpauth URI as an SVG QR code (no external service sees the secret). */
export const qrSvg = (text: string): Promise<string> => QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

/**
 * Checks a 6-digit code (an optional space after the third digit, §5.1) against the secret. Returns the
 * matched time step, or null. A step at or before `afterStep` is refused, so a code works once.
 */
export async function checkTotp(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verifyOtp({
    secret,
    token,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid ? (result as { timeStep: number }).timeStep : null;
}

// ---- Recovery codes (§5.1: two groups of 8 letters or digits joined by a hyphen) ----

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_COUNT = 8;

export function newRecoveryCode(): string {
  const group = () => Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${group()}-${group()}`;
}

/** Codes are compared case-insensitively: the hash is taken of the upper-case form. */
export const hashRecoveryCode = (code: string): string => sha256(code.trim().toUpperCase());
