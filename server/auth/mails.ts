import type { Queryable } from '../db/database';
import { escapeHtml, queueMail } from '../services/mail';

const paragraphs = (lines: string[]) => lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
const button = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;

/** The verification mail: a link to /sign-up/verify/?token=… (the SPA posts the token to shop/customer/verify/). */
export function queueVerificationMail(tx: Queryable, to: string, origin: string, token: string) {
  const link = `${origin}/sign-up/verify/?token=${encodeURIComponent(token)}`;
  return queueMail(tx, {
    to,
    subject: 'Verify your email address',
    text: `Welcome!\n\nPlease verify your email address by opening this link:\n${link}\n\nThe link works for 48 hours. If you did not sign up, ignore this email.`,
    html: paragraphs(['Welcome!', 'Please verify your email address.']) + button(link, 'Verify my email address') + paragraphs(['The link works for 48 hours. If you did not sign up, ignore this email.']),
  });
}

/** The reset mail: a link to /reset-password/?token=… valid for 60 minutes. */
export function queueResetMail(tx: Queryable, to: string, origin: string, token: string) {
  const link = `${origin}/reset-password/?token=${encodeURIComponent(token)}`;
  return queueMail(tx, {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nChoose a new password here:\n${link}\n\nThe link works once, for 60 minutes. If it was not you, ignore this email: your password stays as it is.`,
    html: paragraphs(['Someone asked to reset the password of your account.']) + button(link, 'Choose a new password') + paragraphs(['The link works once, for 60 minutes. If it was not you, ignore this email: your password stays as it is.']),
  });
}

/** The one-time sign-in link (/login/link/?token=…), for an owner whose password sign-in is slowed down or gated. */
export function queueSignInLinkMail(tx: Queryable, to: string, origin: string, token: string) {
  const link = `${origin}/login/link/?token=${encodeURIComponent(token)}`;
  const after = 'The link works once, for 15 minutes, in any browser. If you did not ask for it, ignore this email: nobody can use it without access to your inbox.';
  return queueMail(tx, {
    to,
    subject: 'Your sign-in link',
    text: `Someone asked for a link to sign in to your account.\n\nSign in here:\n${link}\n\n${after}`,
    html: paragraphs(['Someone asked for a link to sign in to your account.']) + button(link, 'Sign in') + paragraphs([after]),
  });
}

/** Sent when an account signs in from an address and browser it has not signed in from before. */
export function queueNewSignInMail(tx: Queryable, to: string, details: { ip: string; userAgent: string; at: Date }) {
  const lines = [
    'Your account was just signed in to from a new device.',
    `When: ${details.at.toUTCString()}`,
    `IP address: ${details.ip}`,
    `Browser: ${details.userAgent || 'unknown'}`,
    'If this was you, there is nothing to do. If not, reset your password and turn on two-factor authentication.',
  ];
  return queueMail(tx, { to, subject: 'New sign-in to your account', text: lines.join('\n\n'), html: paragraphs(lines) });
}
