/**
 * Captcha checks for sign-up and login (§7 v3captchaToken / v2captchaToken).
 *
 * Off by default: with no RECAPTCHA_SECRET every request passes (development, tests, self-hosting without
 * Google). With RECAPTCHA_SECRET set, the reCAPTCHA adapter posts the v3 token to the siteverify endpoint and
 * needs `success` and a score of at least RECAPTCHA_MIN_SCORE (default 0.5); when the v3 check fails and a
 * v2 (checkbox) token was sent, that token is verified instead (RECAPTCHA_V2_SECRET, else RECAPTCHA_SECRET).
 */
export interface CaptchaTokens {
  v3?: string | null;
  v2?: string | null;
}

export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(tokens: CaptchaTokens, context: { ip: string; action: string }): Promise<boolean>;
}

export const acceptAllCaptcha: CaptchaVerifier = { enabled: false, verify: async () => true };

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface RecaptchaOptions {
  secret: string;
  v2Secret?: string;
  minScore?: number;
  verifyUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
}

export function recaptchaVerifier(options: RecaptchaOptions): CaptchaVerifier {
  const doFetch = options.fetch ?? fetch;
  const minScore = options.minScore ?? 0.5;
  const url = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  const ask = async (secret: string, token: string, ip: string): Promise<SiteVerifyAnswer | null> => {
    try {
      const response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token, remoteip: ip }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) return null;
      return (await response.json()) as SiteVerifyAnswer;
    } catch {
      return null; // the service is unreachable: fail closed
    }
  };
  return {
    enabled: true,
    async verify(tokens, { ip, action }) {
      if (tokens.v3) {
        const answer = await ask(options.secret, tokens.v3, ip);
        const actionOk = !answer?.action || answer.action === action;
        if (answer?.success === true && (answer.score ?? 0) >= minScore && actionOk) return true;
      }
      if (tokens.v2) {
        const answer = await ask(options.v2Secret ?? options.secret, tokens.v2, ip);
        if (answer?.success === true) return true;
      }
      return false;
    },
  };
}

/** The verifier the environment asks for: reCAPTCHA when RECAPTCHA_SECRET is set, otherwise accept-all. */
export function captchaFromEnv(env: NodeJS.ProcessEnv = process.env): CaptchaVerifier {
  const secret = env.RECAPTCHA_SECRET;
  if (!secret) return acceptAllCaptcha;
  const minScore = env.RECAPTCHA_MIN_SCORE ? Number(env.RECAPTCHA_MIN_SCORE) : undefined;
  return recaptchaVerifier({ secret, v2Secret: env.RECAPTCHA_V2_SECRET || undefined, minScore: Number.isFinite(minScore) ? minScore : undefined });
}
