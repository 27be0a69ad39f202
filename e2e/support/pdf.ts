// PDF files made for the preview tests: real files pdf.js reads, written object by object with
// their cross-reference table, so no binary fixture is checked in.

/** A PDF of the given objects (object n is `objects[n - 1]`), catalog first. */
function buildPdf(objects: string[], trailer = ''): Buffer {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** Letter-size pages, each with a black bar and "Page n" in large type. */
function pageObjects(count: number): string[] {
  // 1 catalog, 2 page tree, 3 font, then a page and its content per page.
  const kids = Array.from({ length: count }, (_, index) => `${4 + index * 2} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  for (let page = 1; page <= count; page += 1) {
    const content = `0 0 0 rg 72 620 468 60 re f\nBT /F1 48 Tf 72 700 Td (Page ${page}) Tj ET\n`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + (page - 1) * 2} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
    );
  }
  return objects;
}

export function pdfWithPages(count: number): Buffer {
  return buildPdf(pageObjects(count));
}

/**
 * A PDF locked with a password (the standard security handler, 40-bit RC4). Its check values match
 * no password, which is all a reader can tell before it is given one: pdf.js asks for a password.
 */
export function passwordProtectedPdf(): Buffer {
  const objects = pageObjects(1);
  const check = 'A1'.repeat(32);
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${check}> /U <${check}> /P -4 >>`);
  const id = '0123456789ABCDEF0123456789ABCDEF';
  return buildPdf(objects, `/Encrypt ${objects.length} 0 R /ID [<${id}> <${id}>] `);
}

/** Starts like a PDF and is not one (no pages, no catalog). */
export const DAMAGED_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
