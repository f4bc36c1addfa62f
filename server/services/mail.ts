import type { Queryable } from '../db/database';

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
