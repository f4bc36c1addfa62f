export { ThemePanel } from './ThemePanel';
