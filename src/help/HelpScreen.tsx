import { useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router';
import { useStore } from '../app/StoreContext';
import type { StorePageData } from '../app/pageLoader';
import { GoToNotFound } from '../app/GoToNotFound';
import { Breadcrumbs } from '../app/Breadcrumbs';
import { HOME_CRUMB, type Breadcrumb } from '../core/breadcrumbs';
import { documentTitle } from '../core/routes';
import { allQuestions, HELP_URL, helpAddressOf, helpCentreOf, helpGroupUrl, helpQuestionUrl, helpReasonUrl, searchHelp, type HelpCentre } from '../core/help';
import type { BlockData, PageDocument } from '../core/storeData';
import { PageRenderer } from '../renderer/PageRenderer';
import { useKeepTypedText } from '../lib/hydration';
import './help.css';

export const HELP_NO_RESULTS = 'No answers match your search. Try other words, or write to us below.';

const blocks = (...list: (BlockData | null | undefined)[]) => list.filter((b): b is BlockData => !!b);
const opened = (block: BlockData): BlockData => ({ ...block, properties: { ...block.properties, open: true } });

/** The help centre page, drawn as the app's help screens (groups, questions, reasons and search). */
export function HelpScreen() {
  // The loader sent the visitor to /404/ if the store has no help page or it failed to load (§8, as any store page).
  const { page } = useLoaderData() as StorePageData;
  const { state } = useStore();
  return <HelpView page={page!} company={state.company.name} />;
}

function HelpView({ page, company }: { page: PageDocument; company: string }) {
  const { pathname } = useLocation();
  const centreTitle = String(page.properties.title ?? 'Help centre');
  const centre = useMemo(() => helpCentreOf(page.blocks), [page.blocks]);
  const address = helpAddressOf(pathname, centre, centreTitle);
  const tabTitle = documentTitle(address?.title ?? '', company);
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  if (!address) return <GoToNotFound />;
  const { kind, question, group, title } = address;
  const crumbs: Breadcrumb[] = [HOME_CRUMB, { type: 'page', text: centreTitle, href: HELP_URL }];
  const questionGroup = question && centre.groups.find((g) => g.code === question.groupCode);
  if (kind === 'question' && question && questionGroup) crumbs.push({ type: 'url-param', text: questionGroup.title, href: helpGroupUrl(questionGroup.code) }, { type: 'url-param', text: question.question, href: helpQuestionUrl(question.name) });
  if (kind === 'group' && group) crumbs.push({ type: 'url-param', text: group.title, href: helpGroupUrl(group.code) });
  if (kind === 'reason') crumbs.push({ type: 'url-param', text: title, href: group ? helpReasonUrl(group.code) : '/help/reason/' });

  return (
    <div className="help">
      <Breadcrumbs items={crumbs} />
      {kind === 'home' && <HelpHome page={page} centre={centre} />}
      {kind === 'question' && !question && <QuestionIndex centre={centre} />}
      {kind === 'question' && question && questionGroup && (
        <>
          <h1 className="help__title">{question.question}</h1>
          <PageRenderer blocks={[opened(question.block)]} mode="native" />
          <p className="help__next">
            Not what you needed? <Link to={helpReasonUrl(questionGroup.code)}>Contact us about {questionGroup.title.toLowerCase()}</Link> or see <Link to={helpGroupUrl(questionGroup.code)}>all {questionGroup.title.toLowerCase()} questions</Link>.
          </p>
        </>
      )}
      {kind === 'group' && !group && <GroupIndex centre={centre} title="Topics" link={helpGroupUrl} />}
      {kind === 'group' && group && (
        <>
          <PageRenderer blocks={[group.block]} mode="native" />
          <p className="help__next">
            Still need help? <Link to={helpReasonUrl(group.code)}>Contact us about {group.title.toLowerCase()}</Link>.
          </p>
        </>
      )}
      {kind === 'reason' && !group && <GroupIndex centre={centre} title="What is your message about?" link={helpReasonUrl} />}
      {kind === 'reason' && group && (
        <>
          <h1 className="help__title">{title}</h1>
          <p>These answers solve most questions about {group.title.toLowerCase()}:</p>
          <ul className="help__list">
            {group.questions.map((q) => (
              <li key={q.name}>
                <Link to={helpQuestionUrl(q.name)}>{q.question}</Link>
              </li>
            ))}
          </ul>
          {centre.contact && <PageRenderer blocks={blocks(centre.contact)} mode="native" />}
        </>
      )}
    </div>
  );
}

function HelpHome({ page, centre }: { page: PageDocument; centre: HelpCentre }) {
  // A real GET form: sent before the app runs (or without it) it opens /help/?q=term, drawn with its results.
  const { search } = useLocation();
  const [query, setQuery] = useState(() => new URLSearchParams(search).get('q') ?? '');
  const keepTyped = useKeepTypedText();
  const results = query.trim() ? searchHelp(centre, query) : null;
  return (
    <>
      <PageRenderer blocks={centre.intro} mode="native" ySpacing={page.properties.ySpacing} />
      <form role="search" className="help__search" action={HELP_URL} ref={keepTyped} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="help-search">Search the help centre</label>
        <input id="help-search" name="q" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. delivery, refund, size" />
      </form>
      {results ? (
        <section aria-label="Search results" aria-live="polite">
          {results.length === 0 ? <p className="help__empty">{HELP_NO_RESULTS}</p> : <PageRenderer blocks={results.map((q) => q.block)} mode="native" />}
        </section>
      ) : (
        <div className="help__groups">
          {centre.groups.map((group) => (
            <section key={group.code} className="help__group" aria-labelledby={`help-group-${group.code}`}>
              <h2 id={`help-group-${group.code}`}>
                <Link to={helpGroupUrl(group.code)}>{group.title}</Link>
              </h2>
              <ul className="help__list">
                {group.questions.map((q) => (
                  <li key={q.name}>
                    <Link to={helpQuestionUrl(q.name)}>{q.question}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {centre.contact && (
        <section className="help__contact" aria-label="Still need help?">
          <PageRenderer blocks={blocks(centre.contact)} mode="native" />
        </section>
      )}
    </>
  );
}

function QuestionIndex({ centre }: { centre: HelpCentre }) {
  return (
    <>
      <h1 className="help__title">All questions</h1>
      <ul className="help__list">
        {allQuestions(centre).map((q) => (
          <li key={q.name}>
            <Link to={helpQuestionUrl(q.name)}>{q.question}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function GroupIndex({ centre, title, link }: { centre: HelpCentre; title: string; link: (code: string) => string }) {
  return (
    <>
      <h1 className="help__title">{title}</h1>
      <ul className="help__list">
        {centre.groups.map((g) => (
          <li key={g.code}>
            <Link to={link(g.code)}>{g.title}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
