import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { ColourWidget } from './ColourWidget';
import { RangeWidget } from './RangeWidget';
import { CodeWidget, LengthWidget, TextareaWidget } from './TextareaWidgets';
import { IconWidget } from './IconWidget';
import { FontWidget } from './FontWidget';
import { ProductWidget, CollectionWidget } from './CatalogueWidgets';
import { LinkWidget } from './LinkWidget';
import { RichTextWidget } from './RichTextWidget';
import { ImageField } from './ImageField';

/** The panels' custom widgets by the names uiSchema.ts WIDGET_MAP uses. */
export const panelWidgets: RegistryWidgetsType = {
  colour: ColourWidget,
  range: RangeWidget,
  textarea: TextareaWidget,
  code: CodeWidget,
  length: LengthWidget,
  icon: IconWidget,
  font: FontWidget,
  product: ProductWidget,
  collection: CollectionWidget,
  link: LinkWidget,
  richtext: RichTextWidget,
};

export const panelFields: RegistryFieldsType = { image: ImageField };
