import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import { fontStack, MIN_CONTRAST, type ContrastIssue, type ThemeDoc, type ThemeProperties } from '../../core/theme';
import { contrastRatio, parseColour } from '../../core/colour';
import { themePath, useEditor, useEditorStore } from '../store';
import { editorRegistry } from '../schemas';
import { SchemaForm } from '../panels/SchemaForm';
import { Section } from '../panels/templates';
import { uiSchemaOf } from '../panels/uiSchema';
import { ensureFontFaces } from '../panels/widgets/FontWidget';
import { applyPreview, contrastPairLabel, familyErrors, resolvePreview, themeDisplayName, themeFamilyForms, type NamedThemeSummary, type StoreThemeDocument } from './themeModel';
import '../panels/panels.css';

const chains = new Map<string, Promise<ThemeDoc[]>>();
const loadChain = (name: string) => {
  let chain = chains.get(name);
  if (!chain) {
    chain = api<{ chain: ThemeDoc[] }>(`/omnis/v3/themes/${encodeURIComponent(name)}/`).then((r) => r.chain);
    chain.catch(() => chains.delete(name));
    chains.set(name, chain);
  }
  return chain;
};

const NO_OVERRIDES: ThemeProperties = {};

/**
 * Theme picker and editor. Picking a named theme or editing a value previews it live on the canvas only; the
 * draft lives in the editor store, so the toolbar's one Save stores it with the page and "Unsaved changes"
 * counts it. Text/background pairs below WCAG AA are listed here (and the save says so).
 */
export function ThemePanel() {
  const editor = useEditorStore();
  const divisionId = useEditor((s) => s.divisionId);
  const saved = useEditor((s) => s.themeSaved);
  const draft = useEditor((s) => s.themeDraft);
  const contrast = useEditor((s) => s.themeContrast);
  const registry = editorRegistry();
  const [themes, setThemes] = useState<NamedThemeSummary[] | null>(null);
  const [chain, setChain] = useState<ThemeDoc[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = draft?.name ?? null;
  const overrides = draft?.overrides ?? NO_OVERRIDES;

  useEffect(() => {
    let live = true;
    api<{ data: NamedThemeSummary[] }>('/omnis/v3/themes/').then(
      (r) => live && setThemes(r.data),
      () => live && setFailure(GENERIC_ERROR),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!divisionId || saved) return;
    let live = true;
    api<StoreThemeDocument>(themePath(divisionId)).then(
      (doc) => live && editor.getState().loadTheme(doc),
      (e: unknown) => live && setFailure(e instanceof ApiError ? e.message : GENERIC_ERROR),
    );
    return () => {
      live = false;
    };
  }, [divisionId, saved, editor]);
  useEffect(() => {
    if (!name) return;
    let live = true;
    loadChain(name).then(
      (c) => live && setChain(c),
      () => live && setFailure(GENERIC_ERROR),
    );
    return () => {
      live = false;
    };
  }, [name]);

  const preview = useMemo(() => {
    if (!chain || chain.at(-1)?.name !== name) return null;
    try {
      return resolvePreview(registry, chain, overrides);
    } catch {
      return null;
    }
  }, [registry, chain, name, overrides]);
  useEffect(() => {
    if (!preview) return;
    ensureFontFaces();
    applyPreview(preview.variables);
    editor.getState().setThemeContrast(preview.contrast);
  }, [preview, editor]);

  const families = themeFamilyForms(registry);
  const onFamilyChange = useCallback((patch: Record<string, unknown>) => {
    const current = editor.getState().themeDraft;
    if (current) editor.getState().setTheme({ name: current.name, overrides: { ...current.overrides, ...(patch as ThemeProperties) } });
  }, [editor]);

  const offered = (themes ?? []).filter((t) => !t.deprecated || t.name === saved?.name || t.name === name);
  const overrideCount = Object.keys(overrides).length;

  return (
    <section className="panel" aria-label="Theme">
      <header className="panel-header">
        <h2>Theme</h2>
        <span className="panel-header__type">
          {name ? `Based on ${themeDisplayName(name)}${overrideCount ? `, ${overrideCount} change${overrideCount === 1 ? '' : 's'}` : ''}` : ''}
        </span>
      </header>
      <div className="theme-actions">
        <button type="button" className="panel-button" disabled={overrideCount === 0 || !name} onClick={() => name && editor.getState().setTheme({ name, overrides: {} })}>
          Reset changes
        </button>
        <span className="theme-status">Save stores the theme with the page.</span>
        {failure && (
          <span className="theme-status" role="alert">
            {failure}
          </span>
        )}
      </div>
      {contrast.length > 0 && <ContrastWarning issues={contrast} />}
      <Section label="Named themes" name="themes" defaultOpen>
        {themes === null ? (
          <p className="panel-empty">Loading themes…</p>
        ) : (
          <ul className="theme-picker" aria-label="Named themes">
            {offered.map((t) => (
              <li key={t.name}>
                <button
                  type="button"
                  className="theme-card"
                  aria-pressed={t.name === name}
                  data-theme-name={t.name}
                  onClick={() => editor.getState().setTheme({ name: t.name, overrides: t.name === name ? overrides : {} })}
                >
                  <span className="theme-card__preview" aria-hidden="true" style={{ ...cardColours(t.swatches), fontFamily: fontStack(t.font) }}>
                    <span className="theme-card__sample">Aa</span>
                    <span className="theme-card__button" style={{ background: t.swatches.primary, color: t.swatches.contrast }} />
                  </span>
                  <span className="theme-card__name">{themeDisplayName(t.name)}</span>
                  {t.deprecated && <span className="theme-card__note">No longer offered</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {preview &&
        families.map((family) => (
          <Section key={family.name} label={family.title} name={family.name} defaultOpen={false} lazy>
            <FamilyForm family={family.name} schema={family.schema as RJSFSchema} keys={family.keys} values={preview.properties} divisionId={divisionId} onChange={onFamilyChange} />
          </Section>
        ))}
    </section>
  );
}

/** The card's sample: text on the theme's background, or on its contrast colour when that is where its text reads (dark themes). */
function cardColours(swatches: NamedThemeSummary['swatches']): { background: string; color: string } {
  const text = parseColour(swatches.text);
  const background = parseColour(swatches.background);
  if (text && background && contrastRatio(text, background) >= 3) return { background: swatches.background, color: swatches.text };
  return { background: swatches.contrast, color: swatches.text };
}

/** Where the theme fails WCAG AA: which text on which background, its ratio and the 4.5:1 it needs. */
function ContrastWarning({ issues }: { issues: readonly ContrastIssue[] }) {
  const registry = editorRegistry();
  return (
    <div className="panel-invalid theme-contrast" role="status" aria-label="Low contrast">
      <h3>Hard to read: {issues.length === 1 ? 'one colour pair is' : `${issues.length} colour pairs are`} below WCAG AA</h3>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.text}|${issue.background}`}>
            {contrastPairLabel(registry, issue)} — {issue.ratio.toFixed(2)}:1, needs {MIN_CONTRAST}:1
          </li>
        ))}
      </ul>
    </div>
  );
}

function FamilyForm({ family, schema, keys, values, divisionId, onChange }: { family: string; schema: RJSFSchema; keys: string[]; values: ThemeProperties; divisionId: number | null; onChange: (patch: Record<string, unknown>) => void }) {
  const registry = editorRegistry();
  const formData = useMemo(() => Object.fromEntries(keys.map((k) => [k, values[k]])), [keys, values]);
  const uiSchema = useMemo(() => {
    const ui = { ...uiSchemaOf(schema as never) };
    delete ui['ui:options']; // one family is one section already
    return ui;
  }, [schema]);
  const validate = useCallback((data: Record<string, unknown>) => familyErrors(registry, family, data), [registry, family]);
  return <SchemaForm scope={`theme-${family}`} idPrefix={`theme-${family}`} schema={schema} uiSchema={uiSchema} formData={formData} divisionId={divisionId} validate={validate} onChange={onChange} />;
}
