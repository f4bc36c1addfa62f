import type { Queryable } from '../db/database';
import { startPeriodic } from './periodic';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox. Pass the transaction that makes the change the mail reports, so a
 * rolled-back change never sends mail. Delivery (SMTP) reads unsent rows later. Returns the outbox id.
 */
export async function queueMail(tx: Queryable, mail: MailMessage): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'insert into outbox (to_address, subject, body_text, body_html) values ($1, $2, $3, $4) returning id',
    [mail.to, mail.subject, mail.text, mail.html ?? null],
  );
  return rows[0]!.id;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for mail HTML bodies: shopper input must never become markup in someone's inbox. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);

// ---- Delivery ----
// By default mail stays in the outbox (staff read it in atlas: GET /omnis/v3/atlas/outbox/). With SMTP_URL set
// (e.g. smtp://user:pass@smtp.example.com:587), app.ts starts a poller that sends unsent rows with nodemailer
// and marks them sent_at. A failed send keeps the row unsent (attempts and last_error recorded, logged) and it
// is retried on a later pass, up to MAX_ATTEMPTS. Rows are claimed for a while before sending, so several app
// processes never send the same mail twice.

/** The part of a nodemailer transport the sender uses (any transport: SMTP, stream, JSON). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html?: string }): Promise<unknown>;
  close?(): void;
}

export interface DeliveryLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const MAX_ATTEMPTS = 10;
const CLAIM_SECONDS = 120;

/** Sends up to `batch` unsent outbox rows; returns how many were sent and how many failed. */
export async function deliverOutbox(
  db: Queryable,
  transport: MailTransport,
  options: { from: string; batch?: number; logger?: DeliveryLogger },
): Promise<{ sent: number; failed: number }> {
  const { rows } = await db.query<{ id: number; to_address: string; subject: string; body_text: string; body_html: string | null }>(
    `update outbox set attempts = attempts + 1, claimed_until = now() + interval '${CLAIM_SECONDS} seconds'
     where id in (select id from outbox where sent_at is null and attempts < $1 and (claimed_until is null or claimed_until < now())
                  order by id limit $2 for update skip locked)
     returning id, to_address, subject, body_text, body_html`,
    [MAX_ATTEMPTS, options.batch ?? 20],
  );
  let sent = 0;
  let failed = 0;
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    try {
      await transport.sendMail({ from: options.from, to: row.to_address, subject: row.subject, text: row.body_text, ...(row.body_html ? { html: row.body_html } : {}) });
      await db.query('update outbox set sent_at = now(), last_error = null, claimed_until = null where id = $1', [row.id]);
      sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.query('update outbox set last_error = $2, claimed_until = null where id = $1', [row.id, message.slice(0, 1000)]);
      options.logger?.error({ outboxId: row.id, err: message }, 'mail delivery failed; the mail stays in the outbox');
      failed += 1;
    }
  }
  return { sent, failed };
}

/** An SMTP transport for SMTP_URL (nodemailer, loaded only when configured). */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(url) as unknown as MailTransport;
}

/**
 * Polls the outbox every `intervalMs` and sends what is unsent. Returns a stop function (awaits the pass in
 * flight). Errors of a pass are logged; the poller keeps going.
 */
export function startMailDelivery(
  db: Queryable,
  transport: MailTransport,
  options: { from: string; intervalMs?: number; logger?: DeliveryLogger },
): () => Promise<void> {
  const stop = startPeriodic(
    () => deliverOutbox(db, transport, options),
    options.intervalMs ?? 5000,
    (error) => options.logger?.error({ err: error }, 'mail delivery pass failed'),
  );
  return async () => {
    await stop();
    transport.close?.();
  };
}

/** The sender address for SMTP delivery (MAIL_FROM, default no-reply@pod.local). */
export const mailFrom = (env: NodeJS.ProcessEnv = process.env) => env.MAIL_FROM ?? 'POD <no-reply@pod.local>';
