import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";

/**
 * Loads a PDF with pdf-lib (so it must parse) and reads back the text drawn on its pages: pdf-lib
 * writes standard-font text as hex strings shown with Tj, one string per drawText call, so each
 * call comes back as one line (WinAnsi bytes read as Latin-1).
 */
export async function pdfText(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: number; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const text = doc
    .getPages()
    .map((pdfPage) => {
      const contents = pdfPage.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
      const raw = streams
        .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
        .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1"))
        .join("\n");
      return [...raw.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => Buffer.from(match[1] ?? "", "hex").toString("latin1")).join("\n");
    })
    .join("\n");
  return { doc, pages: doc.getPageCount(), text };
}
