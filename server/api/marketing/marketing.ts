import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ApiError, apiMessages } from '../../http/errors';
import { linkOriginFor } from '../../http/linkOrigin';
import { findStore } from '../../stores';
import { listPages } from '../../pages/repository';
import { requireDivision } from '../../catalogue/division';
import { escapeHtml, queueMail } from '../../services/mail';
import { awardRemillCoupon } from '../../orders/returnsRemill';
import type { FormAnswer } from '../../../src/core/catalogue';
import type { BlockData } from '../../../src/core/storeData';
import { ID, TOKEN, paramsSchema } from '../../http/routeSchemas';
import type { Queryable } from '../../db/database';
import { SUBSCRIBER_OFFER_LIST } from '../../../src/core/storeSettings';

/** Where the newsletter confirmation link lands (§2.2 /subscription-verified). */
const SUBSCRIPTION_VERIFIED_URL = '/subscription-verified';

export const marketingMessages = {
  /** §8 subscriber offer success. */
  subscribed: "We've sent you an email to verify your subscription",
  remillSuccess: 'Thanks! Check your inbox for your free returns label.',
  contactFormNotFound: 'Contact form not found',
  contactFormNoRecipient: 'This contact form is not set up to receive messages yet.',
  contactSent: "Thanks, we'll be in touch soon.",
} as const;


/** Mails the coupon of the store's email-subscriber-offer plugin, when it is on and names an active coupon. */
async function sendSubscriberCoupon(tx: Queryable, subscriber: { division_id: number; email: string; first_name: string }) {
  const { rows } = await tx.query<{ coupon: string | null; enabled: boolean | null; company: string }>(
    `select s.settings #>> '{plugins,email-subscriber-offer,coupon}' as coupon,
            (s.settings #>> '{plugins,email-subscriber-offer,enabled}')::boolean as enabled, coalesce(c.name, d.name) as company
       from subdomains s join divisions d on d.id = s.division_id left join companies c on c.id = d.company_id where s.division_id = $1`,
    [subscriber.division_id],
  );
  const offer = rows[0];
  if (!offer?.enabled || !offer.coupon) return;
  const active = await tx.query('select 1 from coupons where active and (division_id = $1 or division_id is null) and lower(code) = lower($2)', [subscriber.division_id, offer.coupon]);
  if (!active.rows.length) return;
  const greeting = subscriber.first_name ? `Hi ${subscriber.first_name},` : 'Hi,';
  await queueMail(tx, {
    to: subscriber.email,
    subject: `Your welcome code for ${offer.company}`,
    text: `${greeting}\n\nThanks for subscribing to ${offer.company}. Use the code ${offer.coupon} at checkout for your welcome discount.`,
    html: `<p>${escapeHtml(greeting)}</p><p>Thanks for subscribing to ${escapeHtml(offer.company)}. Use the code <strong>${escapeHtml(offer.coupon)}</strong> at checkout for your welcome discount.</p>`,
  });
}

type Rule = 'required' | 'email';
type Fields = Record<string, { value: unknown; rules: Rule[] }>;

/**
 * §5.1/§5.2 form rules with the same compiled rule schemas the client forms use; the first failing
 * rule of each field is reported, keyed like Fastify's own validation errors ("/email").
 */
function checkFields(ctx: AppContext, fields: Fields) {
  const errors: Record<string, string[]> = {};
  for (const [name, { value, rules }] of Object.entries(fields)) {
    // Pasted addresses often carry spaces; the value is judged (and stored) trimmed.
    const trimmed = typeof value === 'string' ? value.trim() : (value ?? null);
    const blank = ctx.registry.validate('rules/required', trimmed).length > 0;
    for (const rule of rules) {
      if (rule !== 'required' && blank) continue; // only `required` speaks about an empty value
      const failure = ctx.registry.validate(`rules/${rule}`, trimmed)[0];
      if (failure) {
        errors[`/${name}`] = [failure.message];
        break;
      }
    }
  }
  if (Object.keys(errors).length > 0) throw new ApiError(422, apiMessages.invalid, errors);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const DIVISION = ID;

interface SubscribeBody {
  division: number;
  mailingList: string;
  email?: string;
  firstName?: string;
}

interface ContactBody {
  division: number;
  blockUid: string;
  pageId?: number;
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
}

/** §7 marketing calls: mailing list sign-up, contact form and remill (free returns) requests. */
export function marketingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Body: SubscribeBody }>(
    '/omnis/v3/marketing/subscribe/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['division'],
          properties: {
            division: DIVISION,
            mailingList: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[a-z0-9][a-z0-9_-]*$', default: 'newsletter' },
            email: text(254),
            firstName: text(100),
          },
        },
      },
    },
    async (request): Promise<FormAnswer> => {
      const body = request.body;
      const division = await requireDivision(ctx.db, body.division);
      // firstName is required (§5.2) whenever the form asks for it; a form set not to ask leaves it out.
      checkFields(ctx, {
        email: { value: body.email, rules: ['required', 'email'] },
        ...(body.firstName !== undefined ? { firstName: { value: body.firstName, rules: ['required'] as Rule[] } } : {}),
      });
      const email = normaliseEmail(body.email!);
      const firstName = body.firstName?.trim() ?? '';
      const baseUrl = linkOriginFor(request, division.domains);
      await ctx.db.transaction(async (tx) => {
        const token = randomBytes(24).toString('hex');
        // Signing up twice is not an error: the same answer, and no second mail to an address we already wrote to.
        const { rows } = await tx.query<{ id: number }>(
          `insert into subscribers (division_id, email, first_name, mailing_list, verify_token) values ($1, $2, $3, $4, $5)
           on conflict (division_id, mailing_list, email) do nothing returning id`,
          [division.id, email, firstName, body.mailingList, token],
        );
        if (rows.length === 0) return;
        const link = `${baseUrl}/omnis/v3/marketing/subscribe/verify/${token}/`;
        const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
        await queueMail(tx, {
          to: email,
          subject: `Please confirm your subscription to ${division.companyName}`,
          text: `${greeting}\n\nPlease confirm you want to hear from ${division.companyName} by opening this link:\n${link}\n\nIf you did not sign up, ignore this email.`,
          html: `<p>${escapeHtml(greeting)}</p><p>Please confirm you want to hear from ${escapeHtml(division.companyName)}.</p><p><a href="${escapeHtml(link)}">Confirm my subscription</a></p><p>If you did not sign up, ignore this email.</p>`,
        });
      });
      return { type: 'success', message: marketingMessages.subscribed };
    },
  );

  // The link in the verification mail: confirms once (later clicks keep the first time) and lands on /subscription-verified (§2.2).
  app.get<{ Params: { token: string } }>('/omnis/v3/marketing/subscribe/verify/:token/', { schema: { params: paramsSchema({ token: TOKEN }) } }, async (request, reply) => {
    const token = request.params.token;
    const found = /^[0-9a-f]{48}$/.test(token)
      ? await ctx.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number; first: boolean; division_id: number; email: string; first_name: string; mailing_list: string }>(
            `update subscribers s set verified_at = coalesce(s.verified_at, now()) from subscribers before
              where s.verify_token = $1 and before.id = s.id
              returning s.id, before.verified_at is null as first, s.division_id, s.email, s.first_name, s.mailing_list`,
            [token],
          );
          const row = rows[0];
          // The email-subscriber offer (issue #17): the first confirmation of its list sends the coupon it awards.
          if (row?.first && row.mailing_list === SUBSCRIBER_OFFER_LIST) await sendSubscriberCoupon(tx, row);
          return row !== undefined;
        })
      : false;
    if (!found) throw new ApiError(404, apiMessages.notFound);
    return reply.redirect(SUBSCRIPTION_VERIFIED_URL, 303);
  });

  app.post<{ Body: ContactBody }>(
    '/omnis/v3/marketing/contact/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['division', 'blockUid'],
          properties: {
            division: DIVISION,
            blockUid: { type: 'string', minLength: 1, maxLength: 200 },
            pageId: DIVISION,
            name: text(120),
            email: text(254),
            phone: text(40),
            message: text(5000),
          },
        },
      },
    },
    async (request): Promise<FormAnswer> => {
      const body = request.body;
      const division = await requireDivision(ctx.db, body.division);
      checkFields(ctx, {
        name: { value: body.name, rules: ['required'] },
        email: { value: body.email, rules: ['required', 'email'] },
        message: { value: body.message, rules: ['required'] },
      });
      // The recipient comes from the stored block, never from the request: the form cannot be used to mail anyone else.
      const found = await findContactForm(ctx, division.id, body.blockUid, body.pageId);
      if (!found) throw new ApiError(404, marketingMessages.contactFormNotFound);
      const to = found.block.properties.contactEmail;
      if (typeof to !== 'string' || ctx.registry.validate('rules/email', to).length > 0) throw new ApiError(422, marketingMessages.contactFormNoRecipient);
      const name = body.name!.trim();
      const email = body.email!.trim();
      const phone = body.phone?.trim() || null;
      const message = body.message!.trim();
      await ctx.db.transaction(async (tx) => {
        await tx.query('insert into contact_messages (division_id, page_id, block_uid, name, email, phone, message) values ($1, $2, $3, $4, $5, $6, $7)', [
          division.id, found.pageId, body.blockUid, name, email, phone, message,
        ]);
        const lines = [`From: ${name} <${email}>`, ...(phone ? [`Phone: ${phone}`] : []), `Page: ${found.pageUrl}`, '', message];
        await queueMail(tx, {
          to,
          subject: `New message from ${name} via ${division.companyName}`,
          text: lines.join('\n'),
          html: lines.slice(0, -2).map((l) => `<p>${escapeHtml(l)}</p>`).join('') + `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
        });
      });
      const success = found.block.properties.successMessage;
      return { type: 'success', message: typeof success === 'string' && success ? success : marketingMessages.contactSent };
    },
  );

  app.post<{ Body: { email?: string; division?: number } }>(
    '/omnis/v3/frontend/retex/remill/submit/',
    { schema: { body: { type: 'object', properties: { email: text(254), division: DIVISION } } } },
    async (request): Promise<FormAnswer> => {
      const body = request.body ?? {};
      const divisionId = body.division !== undefined ? (await requireDivision(ctx.db, body.division)).id : ((await findStore(ctx.db, { host: request.hostname }))?.id ?? null);
      checkFields(ctx, { email: { value: body.email, rules: ['required', 'email'] } });
      const email = normaliseEmail(body.email!);
      await ctx.db.transaction(async (tx) => {
        // An accepted request earns a single-use coupon, mailed with the label (§9 remill offer).
        const coupon = await awardRemillCoupon(tx, divisionId, email);
        await tx.query('insert into remill_requests (division_id, email, coupon_id) values ($1, $2, $3)', [divisionId, email, coupon.id]);
        const reward = `As a thank-you, here is ${coupon.percentOff}% off your next order: use the code ${coupon.code} at checkout (once).`;
        await queueMail(tx, {
          to: email,
          subject: 'Your free returns label and coupon',
          text: `Thanks for sending your worn clothes back to be remade.\n\nPrint the attached label, stick it on any parcel and drop it at a post office. It costs you nothing.\n\n${reward}`,
          html: `<p>Thanks for sending your worn clothes back to be remade.</p><p>Print the attached label, stick it on any parcel and drop it at a post office. It costs you nothing.</p><p>As a thank-you, here is ${coupon.percentOff}% off your next order: use the code <strong>${escapeHtml(coupon.code)}</strong> at checkout (once).</p>`,
        });
      });
      return { type: 'success', message: marketingMessages.remillSuccess };
    },
  );
}

/** A live mailContactForm block by uid on the store's published pages (optionally one page). */
async function findContactForm(ctx: AppContext, divisionId: number, uid: string, pageId: number | undefined) {
  const pages = (await listPages(ctx.db, divisionId)).filter((p) => p.published && (pageId === undefined || p.id === pageId));
  for (const page of pages) {
    const block = findBlock(page.blocks, uid);
    if (block) return { block, pageId: page.id, pageUrl: page.url };
  }
  return null;
}

function findBlock(blocks: readonly BlockData[] | undefined, uid: string): BlockData | null {
  for (const block of blocks ?? []) {
    // Deleted or unpublished forms are not shown to shoppers, so they take no messages either.
    if (block.flags?.deleted || block.unpublished || block.properties?.published === false) continue;
    if (block.uid === uid && block.type === 'mailContactForm') return block;
    const inner = findBlock(block.items, uid);
    if (inner) return inner;
  }
  return null;
}
