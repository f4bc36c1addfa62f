import { builderHtmlSanitizers } from '../../htmlSanitizers';

/** The rich-text field before its editor is ready: its text, read-only, in a box the size of the editor. */
export function RichTextLoading({ html }: { html: string }) {
  return (
    <div className="panel-richtext" aria-busy="true">
      <div className="panel-richtext__toolbar" />
      <div className="panel-input panel-richtext__area panel-richtext__area--loading" dangerouslySetInnerHTML={{ __html: builderHtmlSanitizers.richText(html) }} />
    </div>
  );
}
