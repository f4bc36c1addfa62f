export { PropertyPanel } from './PropertyPanel';
export { PagePanel } from './PagePanel';
export { BlockPropertiesForm, blockErrors } from './BlockPropertiesForm';
export { SchemaForm } from './SchemaForm';
