import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { documentTitle } from '../core/routes';
import { useStore } from '../app/StoreContext';
import './auth.css';

/** The card every account screen sits in (blank layout, 520px): the store's name home, a heading, the content. */
/** The logo is drawn for the menu bar by default; here it sits on the page background (see /media/logo.svg). */
const onPageBackground = (src: string) => (src.startsWith('/media/logo.svg') ? `${src}${src.includes('?') ? '&' : '?'}tone=page` : src);

export function AuthShell({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { state } = useStore();
  const company = state.company.name;
  useEffect(() => {
    document.title = documentTitle(title, company);
  }, [title, company]);
  return (
    <div className="auth">
      <Link to="/" className="auth__brand">
        {state.company.logo ? <img src={onPageBackground(state.company.logo.src)} alt={state.company.logo.alt || company} width={state.company.logo.width} height={state.company.logo.height} /> : <span>{company}</span>}
      </Link>
      <section className="auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth__title">
          {title}
        </h1>
        {intro && <div className="auth__intro">{intro}</div>}
        {children}
      </section>
    </div>
  );
}

/** A success or info panel (announced politely). */
export function Notice({ tone = 'success', children }: { tone?: 'success' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`auth-alert auth-alert--${tone}`} role="status">
      {children}
    </div>
  );
}
