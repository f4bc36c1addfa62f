import { SafeLink } from '../../src/renderer/SafeLink';
import './sectionHeading.css';

/** A block's title with an optional "see all" link beside it. */
export function SectionHeading({ title, linkText, href }: { title: string; linkText?: string; href?: string }) {
  if (!title && !(linkText && href)) return null;
  return (
    <div className="commerce-heading">
      {title ? <h2 className="commerce-heading__title">{title}</h2> : <span />}
      {linkText && href && (
        <SafeLink className="commerce-heading__link" href={href}>
          {linkText}
          <span aria-hidden="true"> →</span>
        </SafeLink>
      )}
    </div>
  );
}
