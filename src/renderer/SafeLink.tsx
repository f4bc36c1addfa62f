import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { safeLink } from '../core/links';

export const ACTION_EVENT = 'pod:action';

/**
 * §2.4 / §5.2 links: unsafe schemes are replaced and reported; "@name" raises an internal event instead of
 * navigating; in-store paths go through the router unless they open a new tab; other addresses open a new tab.
 */
export function SafeLink({ href, target, children, ...rest }: { href: string; target?: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const result = safeLink(href);
  if (result.warning) console.warn(result.warning);
  const to = result.href;
  if (to.startsWith('@')) {
    return (
      <a
        {...rest}
        href="#"
        onClick={(event) => {
          event.preventDefault();
          window.dispatchEvent(new CustomEvent(ACTION_EVENT, { detail: { action: to.slice(1) } }));
        }}
      >
        {children}
      </a>
    );
  }
  if (to.startsWith('/') && !to.startsWith('//') && target !== '_blank') {
    return (
      <Link {...rest} to={to}>
        {children}
      </Link>
    );
  }
  const external = /^(https?:)?\/\//i.test(to);
  const newTab = target === '_blank' || external;
  return (
    <a {...rest} href={to} target={newTab ? '_blank' : target} rel={newTab ? 'noopener noreferrer' : undefined}>
      {children}
    </a>
  );
}
