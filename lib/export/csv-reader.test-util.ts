/**
 * Test utility: a strict RFC 4180 reader, written independently of the writer, to read
 * exported files back in unit and HTTP tests. Throws on anything a strict reader would reject.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      rows.push(row);
      row = [];
      i += 2;
      if (i >= text.length) return rows;
      continue;
    }
    throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text[i])}`);
  }
}
