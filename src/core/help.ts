import type { BlockData } from './storeData';
import { plainText } from './head';
import { slugify } from './blog';
import { rankBySearch } from './search';

/**
 * §2.2 help centre. Its content is the store's /help/ page, edited in the builder: every row holding expandable
 * blocks is a group (titled by the row's first heading), each expandable a question, and the page's contact
 * form (mailContactForm) the last step. Groups double as the reasons a shopper gets in touch.
 */
export const HELP_URL = '/help/';
export const helpQuestionUrl = (name: string) => `/help/question/${name}/`;
export const helpGroupUrl = (code: string) => `/help/group/${code}/`;
export const helpReasonUrl = (name: string) => `/help/reason/${name}/`;

export interface HelpQuestion {
  name: string;
  question: string;
  answerText: string;
  block: BlockData;
  groupCode: string;
}

export interface HelpGroup {
  code: string;
  title: string;
  block: BlockData;
  questions: HelpQuestion[];
}

export interface HelpCentre {
  intro: BlockData[];
  groups: HelpGroup[];
  contact: BlockData | null;
}

const headingOf = (html: string) => /<h[1-6][^>]*>([\s\S]*?)<\/h[1-6]>/i.exec(html)?.[1];

export function helpCentreOf(blocks: readonly BlockData[]): HelpCentre {
  const groups: HelpGroup[] = [];
  const intro: BlockData[] = [];
  let contact: BlockData | null = null;
  const usedNames = new Set<string>();
  for (const block of blocks) {
    if (block.flags?.deleted) continue;
    const children = (block.items ?? []) as BlockData[];
    const expandables = children.filter((b) => b.type === 'expandable');
    if (block.type === 'mailContactForm') contact = block;
    else if (expandables.length === 0) {
      const nested = children.find((b) => b.type === 'mailContactForm');
      if (nested) contact = nested;
      else if (groups.length === 0) intro.push(block);
    } else {
      const heading = children.map((b) => (b.type === 'textBlock' ? headingOf(String(b.properties.text ?? '')) : undefined)).find(Boolean);
      const title = plainText(heading ?? '') || `Questions ${groups.length + 1}`;
      const code = slugify(title) || `group-${groups.length + 1}`;
      const questions = expandables.map((b) => {
        const question = String(b.properties.question ?? '');
        let name = slugify(question) || b.uid;
        if (usedNames.has(name)) name = `${name}-${b.uid}`;
        usedNames.add(name);
        return { name, question, answerText: plainText(String(b.properties.answer ?? '')), block: b, groupCode: code };
      });
      groups.push({ code, title, block, questions });
    }
  }
  return { intro, groups, contact };
}

export const allQuestions = (centre: HelpCentre) => centre.groups.flatMap((g) => g.questions);

/** Questions matching a search (§9 search weights: the question counts as name, the answer as description). */
export const searchHelp = (centre: HelpCentre, query: string) =>
  rankBySearch(allQuestions(centre), query, (q) => ({ name: q.question, description: q.answerText })).map((r) => r.item);

/** What a help address shows: the centre, a question, a group, or the reasons to get in touch (one of them). */
export interface HelpAddress {
  kind: 'home' | 'question' | 'group' | 'reason';
  /** The question or group the address names; left out, the address lists the choices. */
  question?: HelpQuestion;
  group?: HelpGroup;
  /** The screen's title, as its heading and the tab say it. */
  title: string;
}

const decode = (part: string) => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * Reads a help address (/help/, /help/{question}/, /help/question/{question?}/, /help/group/{group?}/,
 * /help/reason/{group?}/) against the centre. Null when it names a question or group the centre does not have:
 * the store's not-found page, in the browser and in the server's status alike.
 */
export function helpAddressOf(pathname: string, centre: HelpCentre, centreTitle: string): HelpAddress | null {
  const [, first, second] = (pathname.split(/[?#]/)[0] ?? '').split('/').filter(Boolean).map(decode);
  if (!first) return { kind: 'home', title: centreTitle };
  if (first === 'group' || first === 'reason') {
    const group = second === undefined ? undefined : centre.groups.find((g) => g.code === second);
    if (second !== undefined && !group) return null;
    if (first === 'group') return { kind: 'group', group, title: group?.title ?? 'Topics' };
    return { kind: 'reason', group, title: group ? `Contact us about ${group.title.toLowerCase()}` : 'Contact us' };
  }
  const name = first === 'question' ? second : first;
  const question = name === undefined ? undefined : allQuestions(centre).find((q) => q.name === name);
  if (name !== undefined && !question) return null;
  return { kind: 'question', question, title: question?.question ?? 'All questions' };
}
