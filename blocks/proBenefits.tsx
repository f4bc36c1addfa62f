import type { BlockProps } from '../src/renderer/types';
import type { ProBenefitsProperties } from '../src/core/generated/blockProperties';
import { BlockIcon, hasIcon } from './content/icons';
import { RichText } from './content/richText';
import { CallToAction } from './content/callToAction';
import { useOptionalStore } from './content/store';
import './proBenefits.css';

/**
 * What the Pro plan adds, with an upgrade button. Hidden for shoppers when the store already has Pro
 * (§6: the subdomain's pro flag) and hideForPro is on; the builder always shows it.
 */
export default function ProBenefits({ properties: p, mode }: BlockProps<ProBenefitsProperties>) {
  const isPro = useOptionalStore()?.state.subdomain.isPro ?? false;
  if (mode !== 'preview' && p.hideForPro && isPro) return null;
  const benefits = (p.benefits ?? []).filter((b) => b.title?.trim());
  return (
    <section className={`pro-benefits pro-benefits--${p.layout ?? 'grid'}`} aria-label={p.title || 'Pro benefits'}>
      <div className="pro-benefits__head">
        <span className="pro-benefits__crown">
          <BlockIcon name="crown" />
        </span>
        {p.title?.trim() && <h2 className="pro-benefits__title">{p.title}</h2>}
        <RichText className="pro-benefits__copy" html={p.copy} />
      </div>
      {benefits.length > 0 && (
        <ul className="pro-benefits__list">
          {benefits.map((benefit, index) => (
            <li key={`${index}-${benefit.title}`} className="pro-benefits__item">
              <span className="pro-benefits__icon">
                <BlockIcon name={hasIcon(benefit.icon) ? benefit.icon : 'check'} />
              </span>
              <span className="pro-benefits__text">
                <strong className="pro-benefits__benefit">{benefit.title}</strong>
                {benefit.description?.trim() && <span className="pro-benefits__description">{benefit.description}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <CallToAction action={p.action} className="pod-button pod-button--primary pro-benefits__action" />
    </section>
  );
}
