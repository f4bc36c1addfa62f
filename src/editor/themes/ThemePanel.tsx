import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RJSFSchema } from '@rjsf/utils';
import { api, ApiError, GENERIC_ERROR } from '../../lib/api';
import type { ThemeDoc, ThemeProperties } from '../../core/theme';
import { useEditor } from '../store';
import { editorRegistry } from '../schemas';
import { SchemaForm } from '../panels/SchemaForm';
import { Section } from '../panels/templates';
import { uiSchemaOf } from '../panels/uiSchema';
import { ensureFontFaces } from '../panels/widgets/FontWidget';
import { applyPreview, familyErrors, resolvePreview, themeFamilyForms, type NamedThemeSummary, type StoreThemeDocument } from './themeModel';
import '../panels/panels.css';

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string };

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

/** The draft survives switching inspector tabs (the panel unmounts); it is per store. */
let draft: { divisionId: number; name: string; overrides: ThemeProperties; saved: StoreThemeDocument } | null = null;

/**
 * Theme picker and editor. Picking a named theme or editing a value previews it live on the
 * canvas only; "Save theme" stores the overrides as the store's custom theme.
 */
export function ThemePanel() {
  const divisionId = useEditor((s) => s.divisionId);
  const registry = editorRegistry();
  const [themes, setThemes] = useState<NamedThemeSummary[] | null>(null);
  const [name, setName] = useState<string | null>(draft?.divisionId === divisionId ? draft.name : null);
  const [overrides, setOverrides] = useState<ThemeProperties>(draft?.divisionId === divisionId ? draft.overrides : {});
  const [saved, setSaved] = useState<StoreThemeDocument | null>(draft?.divisionId === divisionId ? draft.saved : null);
  const [chain, setChain] = useState<ThemeDoc[] | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    let live = true;
    api<{ data: NamedThemeSummary[] }>('/omnis/v3/themes/').then(
      (r) => live && setThemes(r.data),
      () => live && setStatus({ kind: 'error', message: GENERIC_ERROR }),
    );
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!divisionId || saved) return;
    let live = true;
    api<StoreThemeDocument>(`/omnis/v3/divisions/${divisionId}/theme/`).then(
      (doc) => {
        if (!live) return;
        setSaved(doc);
        setName(doc.name);
        setOverrides(doc.properties);
      },
      (e: unknown) => live && setStatus({ kind: 'error', message: e instanceof ApiError ? e.message : GENERIC_ERROR }),
    );
    return () => {
      live = false;
    };
  }, [divisionId, saved]);
  useEffect(() => {
    if (!name) return;
    let live = true;
    loadChain(name).then(
      (c) => live && setChain(c),
      () => live && setStatus({ kind: 'error', message: GENERIC_ERROR }),
    );
    return () => {
      live = false;
    };
  }, [name]);
  useEffect(() => {
    if (divisionId && name && saved) draft = { divisionId, name, overrides, saved };
  }, [divisionId, name, overrides, saved]);

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
  }, [preview]);

  const families = themeFamilyForms(registry);
  const onFamilyChange = useCallback((patch: Record<string, unknown>) => {
    setStatus({ kind: 'idle' });
    setOverrides((o) => ({ ...o, ...(patch as ThemeProperties) }));
  }, []);

  const save = async () => {
    if (!divisionId || !name) return;
    setStatus({ kind: 'saving' });
    try {
      const doc = await api<StoreThemeDocument>(`/omnis/v3/divisions/${divisionId}/theme/`, { method: 'PUT', body: { name, properties: overrides } });
      setSaved(doc);
      setOverrides(doc.properties);
      setStatus({ kind: 'saved' });
    } catch (e) {
      if (e instanceof ApiError) {
        const first = Object.entries(e.errors)[0];
        setStatus({ kind: 'error', message: first ? `${first[0].replace(/^\/properties\//, '')}: ${first[1][0]}` : e.message });
      } else setStatus({ kind: 'error', message: GENERIC_ERROR });
    }
  };

  const dirty = saved !== null && (saved.name !== name || JSON.stringify(saved.properties) !== JSON.stringify(overrides));
  const offered = (themes ?? []).filter((t) => !t.deprecated || t.name === saved?.name || t.name === name);
  const overrideCount = Object.keys(overrides).length;

  return (
    <section className="panel" aria-label="Theme">
      <header className="panel-header">
        <h2>Theme</h2>
        <span className="panel-header__type">{name ? `Based on ${name}${overrideCount ? `, ${overrideCount} change${overrideCount === 1 ? '' : 's'}` : ''}` : ''}</span>
      </header>
      <div className="theme-actions">
        <button type="button" className="panel-button panel-button--primary" disabled={!dirty || status.kind === 'saving'} onClick={() => void save()}>
          {status.kind === 'saving' ? 'Saving…' : 'Save theme'}
        </button>
        <button type="button" className="panel-button" disabled={overrideCount === 0} onClick={() => setOverrides({})}>
          Reset changes
        </button>
        {status.kind === 'saved' && !dirty && <span className="theme-status" role="status">Theme saved</span>}
        {status.kind === 'error' && (
          <span className="theme-status" role="alert">
            {status.message}
          </span>
        )}
      </div>
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
                  onClick={() => {
                    setStatus({ kind: 'idle' });
                    setName(t.name);
                  }}
                >
                  <span className="theme-card__swatches" aria-hidden="true">
                    <span style={{ background: t.swatches.primary }} />
                    <span style={{ background: t.swatches.contrast }} />
                    <span style={{ background: t.swatches.background }} />
                    <span style={{ background: t.swatches.text }} />
                  </span>
                  <span className="theme-card__name">{t.name}</span>
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
