import type { Database } from './db/database';
import type { SchemaRegistry } from '../src/core/schemas/registry';
import type { ThemeService } from './themes';
import type { CaptchaVerifier } from './services/captcha';
import type { Payments } from './payments';
import type { PushSender } from './realtime/notifications';

/** What every route module is given: no globals, so tests build as many apps as they like. */
export interface AppContext {
  db: Database;
  registry: SchemaRegistry;
  themes: ThemeService;
  /** Captcha checks for sign-up and login; unset → from the environment (RECAPTCHA_SECRET), else accept-all. */
  captcha?: CaptchaVerifier;
  /** Payment processors; unset → from the environment (server/payments/index.ts). Tests put fakes here. */
  payments?: Payments;
  /** Web push; unset → web-push with the stored VAPID keys. Tests put a recorder here. */
  push?: PushSender;
}
