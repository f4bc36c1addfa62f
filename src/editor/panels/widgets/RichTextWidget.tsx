import { lazy, Suspense } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { RichTextLoading } from './RichTextLoading';

/** The editor itself (Tiptap and ProseMirror) is its own chunk: the builder's first draw does not wait for it. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * Rich text for the text block, block copy and answers (see RichTextEditor). Until the editor has loaded, the field
 * shows its text in a box of the same size, so the panel does not jump when the editor takes its place.
 */
export function RichTextWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<RichTextLoading html={typeof props.value === 'string' ? props.value : ''} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
