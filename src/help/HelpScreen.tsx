import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { fetchPage, NOT_FOUND_URL } from '../app/pageLoader';
import { Breadcrumbs } from '../app/Breadcrumbs';
import { HOME_CRUMB, type Breadcrumb } from '../core/breadcrumbs';
import { documentTitle } from '../core/routes';
import { allQuestions, HELP_URL, helpCentreOf, helpGroupUrl, helpQuestionUrl, helpReasonUrl, searchHelp, type HelpCentre } from '../core/help';
import type { BlockData, PageDocument } from '../core/storeData';
import { PageRenderer } from '../renderer/PageRenderer';
import { preloadBlockTypes } from '../renderer/registry';
import { walkBlocks } from '../core/blocks/tree';
import { ErrorState, LOAD_ERROR } from '../../blocks/commerce/states';
import './help.css';

type Load = { status: 'loading' } | { status: 'ready'; page: PageDocument } | { status: 'failed' } | { status: 'missing' };

export const HELP_NO_RESULTS = 'No answers match your search. Try other words, or write to us below.';

/** The help centre page, drawn as the app's help screens (groups, questions, reasons and search). */
function useHelpPage() {
  const { state, pages } = useStore();
  const route = pages.find((p) => p.url === HELP_URL);
  const [load, setLoad] = useState<Load>(route ? { status: 'loading' } : { status: 'missing' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!route) return;
    let live = true;
    fetchPage(state.subdomain.division.id, route.id)
      .then(async (page) => {
        await preloadBlockTypes([...walkBlocks(page.blocks)].map((b) => b.type));
        if (live) setLoad({ status: 'ready', page });
      })
      .catch(() => live && setLoad({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [route, state.subdomain.division.id, attempt]);
  return { load, retry: () => setAttempt((n) => n + 1) };
}

const blocks = (...list: (BlockData | null | undefined)[]) => list.filter((b): b is BlockData => !!b);
const opened = (block: BlockData): BlockData => ({ ...block, properties: { ...block.properties, open: true } });

export function HelpScreen() {
  const { load, retry } = useHelpPage();
  const { state } = useStore();
  if (load.status === 'missing') return <Navigate to={NOT_FOUND_URL} replace />;
  if (load.status === 'failed') return <ErrorState message={LOAD_ERROR} onRetry={retry} />;
  if (load.status === 'loading')
    return (
      <p className="help__loading" role="status">
        <span className="pod-spinner" aria-hidden="true" /> Loading help…
      </p>
    );
  return <HelpView page={load.page} company={state.company.name} />;
}

function HelpView({ page, company }: { page: PageDocument; company: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  const centre = useMemo(() => helpCentreOf(page.blocks), [page.blocks]);
  const kind = pathname.startsWith('/help/reason/') ? 'reason' : pathname.startsWith('/help/group/') ? 'group' : params.questionName ? 'question' : 'home';
  const group = centre.groups.find((g) => g.code === (kind === 'reason' ? params.reasonName : params.groupCode));
  const question = allQuestions(centre).find((q) => q.name === params.questionName);
  const title =
    kind === 'question' ? question?.question : kind === 'group' ? group?.title : kind === 'reason' ? (group ? `Contact us about ${group.title.toLowerCase()}` : 'Contact us') : String(page.properties.title ?? 'Help centre');
  const tabTitle = documentTitle(title ?? '', company);
  useEffect(() => {
    document.title = tabTitle;
  }, [tabTitle]);

  // An optional name left out lists the choices; a name that does not exist is not found.
  if ((kind === 'question' && params.questionName && !question) || ((kind === 'group' || kind === 'reason') && (params.groupCode ?? params.reasonName) && !group)) {
    return <Navigate to={NOT_FOUND_URL} replace />;
  }
  const crumbs: Breadcrumb[] = [HOME_CRUMB, { type: 'page', text: String(page.properties.title ?? 'Help centre'), href: HELP_URL }];
  const questionGroup = question && centre.groups.find((g) => g.code === question.groupCode);
  if (kind === 'question' && question && questionGroup) crumbs.push({ type: 'url-param', text: questionGroup.title, href: helpGroupUrl(questionGroup.code) }, { type: 'url-param', text: question.question, href: helpQuestionUrl(question.name) });
  if (kind === 'group' && group) crumbs.push({ type: 'url-param', text: group.title, href: helpGroupUrl(group.code) });
  if (kind === 'reason') crumbs.push({ type: 'url-param', text: title ?? 'Contact us', href: group ? helpReasonUrl(group.code) : '/help/reason/' });

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
  const [query, setQuery] = useState('');
  const results = query.trim() ? searchHelp(centre, query) : null;
  return (
    <>
      <PageRenderer blocks={centre.intro} mode="native" ySpacing={page.properties.ySpacing} />
      <search className="help__search">
        <label htmlFor="help-search">Search the help centre</label>
        <input id="help-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. delivery, refund, size" />
      </search>
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
