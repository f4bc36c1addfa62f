/** Theme pipeline (§3 Theme): schema defaults → parent chain → references → CSS variables and fonts. */
export type { NamedThemeSummary, StoreThemeDocument, ResolvedTheme, ThemeDefaults, ThemeDoc, ThemeImage, ThemeKind, ThemeLoader, ThemeProperties, ThemeValue } from './types';
export { themeDefaults, themeFamilies, validateThemeDocument } from './schema';
export { referenceOf, resolveReferences, resolveTheme, themeChain, ThemeResolutionError } from './resolve';
export { cssVariableName, SHADOWS, themeCssVariables, type CssVariables } from './css';
export { fontsOfTheme, STANDARD_FONTS } from './fonts';
export { fontStack } from './fontStack';
export { CONTRAST_PAIRS, contrastIssues, MIN_CONTRAST, type ContrastIssue } from './contrast';
