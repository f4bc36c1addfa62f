import { composite, contrastRatio, hoverColour, parseColour, WHITE, type Rgba } from '../colour';
import type { ResolvedTheme } from './types';

/** WCAG 2 AA for normal-size text. */
export const MIN_CONTRAST = 4.5;

/**
 * Text colour / background colour pairs a shopper reads. `hover` pairs are checked on the derived
 * hover background as well, because the text stays while the background changes.
 */
export const CONTRAST_PAIRS: readonly { text: string; background: string; hover?: boolean }[] = [
  { text: 'text.color', background: 'page.background' },
  { text: 'text.color', background: 'text.background' },
  { text: 'contrast.color', background: 'primary.color' },
  { text: 'logo.text.color', background: 'menu.background' },
  { text: 'menu.text.color', background: 'menu.background' },
  { text: 'button.primary.text', background: 'button.primary.background', hover: true },
  { text: 'button.secondary.text', background: 'button.secondary.background', hover: true },
  { text: 'footer.text.color', background: 'footer.background' },
  { text: 'form.text', background: 'form.background' },
  { text: 'feature.text.color', background: 'feature.background' },
  { text: 'quote.text.color', background: 'quote.background' },
  { text: 'announcement.text.color', background: 'announcement.background' },
  { text: 'announcementV2.text.color', background: 'announcementV2.background' },
  { text: 'card.text.color', background: 'card.background' },
  { text: 'newsletter.text.color', background: 'newsletter.background' },
  { text: 'gate.text.color', background: 'gate.background' },
  { text: 'tag.text.color', background: 'tag.background' },
  { text: 'chat.header.text', background: 'chat.header.background' },
  { text: 'chat.customer.text', background: 'chat.customer.background' },
  { text: 'chat.agent.text', background: 'chat.agent.background' },
  { text: 'status.success.text', background: 'status.success.background' },
];

export interface ContrastIssue {
  text: string;
  /** The background key, with " (hover)" when the hover shade is the one that fails. */
  background: string;
  ratio: number;
}

/**
 * Pairs below `min`. Backgrounds are what the reader sees: an empty or translucent background is
 * painted over the page background (itself over white). For the theme editor's warnings and the
 * named-theme tests.
 */
export function contrastIssues(theme: ResolvedTheme, min = MIN_CONTRAST): ContrastIssue[] {
  const colour = (key: string): Rgba => parseColour(String(theme.properties[key] ?? '')) ?? { ...WHITE, a: 0 };
  const page = composite(colour('page.background'), WHITE);
  const issues: ContrastIssue[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const text = colour(pair.text);
    const background = colour(pair.background);
    const check = (bg: Rgba, label: string) => {
      const ratio = contrastRatio(text, composite(bg, page));
      if (ratio < min) issues.push({ text: pair.text, background: label, ratio: Math.round(ratio * 100) / 100 });
    };
    check(background, pair.background);
    if (pair.hover) check(hoverColour(background), `${pair.background} (hover)`);
  }
  return issues;
}
