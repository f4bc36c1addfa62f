import { POLICY_PAGES } from '../../../src/core/policies';
import type { SeedPage } from './demoPages';

/** Sensible default policies for a print-on-demand shop in the UK; the owner edits them in the builder. */
const TEXT: Record<(typeof POLICY_PAGES)[number]['url'], { description: string; html: string }> = {
  '/terms-of-use/': {
    description: 'The rules for using this website.',
    html: `<h1>Terms of use</h1>
<p>These terms apply to everyone who visits this website. By using the site you accept them; if you do not, please do not use it.</p>
<h2>Using the site</h2>
<ul><li>You may browse, share links to and buy from the site for your own, lawful use.</li>
<li>You must not try to break, overload or gain unauthorised access to the site or its systems.</li>
<li>Designs, photographs and text on the site belong to us or to the artists we work with. Do not copy them without permission.</li></ul>
<h2>Accounts</h2>
<p>Keep your password to yourself. You are responsible for what is done with your account, and you can close it at any time by contacting us.</p>
<h2>Changes</h2>
<p>We may update these terms; the version on this page is the one that applies. The laws of England and Wales govern them.</p>`,
  },
  '/terms-of-sale/': {
    description: 'How ordering, delivery, returns and refunds work.',
    html: `<h1>Terms of sale</h1>
<p>Every item is printed to order after you buy it. These terms form the contract between you and us when you place an order.</p>
<h2>Orders and prices</h2>
<ul><li>Prices include UK VAT. Delivery costs are shown at checkout before you pay.</li>
<li>Your order is accepted when we send the order confirmation e-mail.</li></ul>
<h2>Delivery</h2>
<p>Orders are printed and dispatched within 3 to 5 working days. Delivery times after dispatch depend on the shipping method you choose.</p>
<h2>Returns and refunds</h2>
<p>Because each item is made for you, we accept returns within 30 days when an item is faulty, damaged or not what you ordered; we then reprint it or refund you in full, including delivery. Your rights under the Consumer Rights Act 2015 are not affected.</p>
<h2>Contact</h2>
<p>Questions about an order? Visit our <a href="/help/">help centre</a>.</p>`,
  },
  '/use-of-cookies-and-disclaimer/': {
    description: 'Which cookies this site uses and why, and the limits of our responsibility.',
    html: `<h1>Cookies and disclaimer</h1>
<h2>Cookies</h2>
<p>We use a small number of cookies:</p>
<ul><li><strong>Essential</strong>: your basket, your sign-in session, your chosen currency and protection against forged requests. The site cannot work without them.</li>
<li><strong>Measurement</strong>: anonymous counts of which pages are visited, so we can improve the shop.</li></ul>
<p>You can delete cookies in your browser at any time; essential ones are set again when you next use the basket or sign in.</p>
<h2>Disclaimer</h2>
<p>We take care that product descriptions and colours are accurate, but screens differ, so printed colours may vary slightly. Links to other websites are provided for convenience; we are not responsible for their content.</p>`,
  },
  '/privacy-policy/': {
    description: 'What personal data we collect, why, and your rights.',
    html: `<h1>Privacy policy</h1>
<p>We collect only what we need to make and deliver your order and to run this shop.</p>
<h2>What we collect</h2>
<ul><li>Your name, e-mail and delivery address when you order or create an account.</li>
<li>Payment details, which go to our payment provider; we never store full card numbers.</li>
<li>Your e-mail address if you subscribe to our newsletter (you can unsubscribe from any e-mail).</li></ul>
<h2>How long we keep it</h2>
<p>Order records are kept for six years for tax purposes; everything else is deleted when you close your account or ask us to.</p>
<h2>Your rights</h2>
<p>Under UK GDPR you can ask to see, correct, export or delete your data. Contact us through the <a href="/help/">help centre</a>.</p>`,
  },
};

export const POLICY_SEED_PAGES: SeedPage[] = POLICY_PAGES.map(({ url, title }) => ({
  url,
  properties: { title, description: TEXT[url].description },
  blocks: [{ uid: `policy${url.replaceAll('/', '-')}text`, type: 'textBlock', properties: { text: TEXT[url].html } }],
}));
