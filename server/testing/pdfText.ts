import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFStream } from 'pdf-lib';

/**
 * The text drawn on each page of a PDF written with pdf-lib's standard fonts (WinAnsi, shown as `<hex> Tj`), one
 * string per text run: enough to check what a generated document says without a PDF renderer.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<string[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFStream[] = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref) as PDFStream) : contents ? [contents] : [];
    const runs: string[] = [];
    for (const stream of streams) {
      const raw = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
      const operators = Buffer.from(raw).toString('latin1');
      for (const m of operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) runs.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    }
    return runs;
  });
}
