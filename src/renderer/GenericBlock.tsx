import type { BlockProps } from './types';
import { SafeLink } from './SafeLink';
import { BlockImage } from './BlockImage';

type Image = { src: string; alt?: string };
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * Draws a block type that has a schema but no component of its own, from the conventional property names
 * (title, text/copy/body, image, href + buttonText), so writing a schema is enough to add a simple block.
 */
export function GenericBlock({ properties, children }: BlockProps<Record<string, unknown>>) {
  const title = str(properties.title) ?? str(properties.heading);
  const text = str(properties.text) ?? str(properties.copy) ?? str(properties.body) ?? str(properties.description);
  const image = properties.image as Image | undefined;
  const href = str(properties.href);
  const buttonText = str(properties.buttonText) ?? (href ? 'Learn more' : undefined);
  return (
    <div className="pod-generic">
      {image?.src && <BlockImage image={image} sizes="(min-width: 768px) 50vw, 100vw" />}
      {title && <h3 className="pod-generic__title">{title}</h3>}
      {text && <p className="pod-generic__text">{text}</p>}
      {href && buttonText && (
        <SafeLink className="pod-button pod-button--secondary" href={href}>
          {buttonText}
        </SafeLink>
      )}
      {children}
    </div>
  );
}
