/** Test helpers: render a subtree against a given editor store. */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { EditorStoreProvider } from './context';
import type { EditorStoreApi } from './createEditorStore';

export const withEditor = (store: EditorStoreApi) =>
  function EditorWrapper({ children }: { children: ReactNode }) {
    return <EditorStoreProvider store={store}>{children}</EditorStoreProvider>;
  };

export const renderWithEditor = (store: EditorStoreApi, ui: ReactElement) => render(ui, { wrapper: withEditor(store) });
