import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useStore } from '../app/StoreContext';
import { Breadcrumbs } from '../app/Breadcrumbs';
import { GoToNotFound } from '../app/GoToNotFound';
import { HOME_CRUMB } from '../core/breadcrumbs';
import { documentTitle } from '../core/routes';
import { pluginHref, pluginPage } from '../core/plugins';
import './info.css';

const setDocumentTitle = (title: string) => {
  document.title = title;
};

/** /plugins/{code}: what one of the store's features does here and whether it is switched on. */
export function PluginScreen() {
  const { code = '' } = useParams();
  const { state, pages } = useStore();
  const page = pluginPage(code, { plugins: state.subdomain.plugins, christmasCutoffDates: state.christmasCutoffDates, pageUrls: pages.map((p) => p.url) });
  const pluginName = page?.name;
  useEffect(() => {
    if (pluginName) setDocumentTitle(documentTitle(pluginName, state.company.name));
  }, [pluginName, state.company.name]);
  if (!page) return <GoToNotFound />;
  return (
    <div className="plugin-page">
      <Breadcrumbs items={[HOME_CRUMB, { type: 'plugin', text: page.name, href: pluginHref(page.code) }]} />
      <h1>{page.name}</h1>
      <p className="plugin-page__summary">{page.summary}</p>
      <p className={`plugin-page__state plugin-page__state--${page.enabled ? 'on' : 'off'}`}>{page.enabled ? 'On in this store' : 'Off in this store'}</p>
      <ul className="plugin-page__details">
        {page.details.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {page.link && (
        <p>
          <Link to={page.link.href}>{page.link.text}</Link>
        </p>
      )}
    </div>
  );
}
