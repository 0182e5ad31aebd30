/**
 * CSV text for spreadsheets and payout tools: exact, safe, streamable.
 *
 * - RFC 4180: fields separated by commas, lines ended by CRLF, a field quoted when it holds a
 *   comma, a double quote, CR or LF, and a double quote inside a quoted field doubled.
 * - A UTF-8 byte-order mark first, so Excel reads the file as UTF-8.
 * - Values exactly as received: strings are written as they are (decimals keep every digit),
 *   numbers (epoch ms) as their digits, booleans as true/false, null and undefined as empty.
 * - Formula-injection guard (OWASP "CSV injection"): a cell that begins with `=`, `+`, `-`, `@`,
 *   tab or carriage return makes a spreadsheet evaluate it, so it gets a leading `'` — unless
 *   it is a plain number (`-1.5`, `+2`, `1E-8`), which a spreadsheet reads as a number and
 *   which must stay one. A spreadsheet set to split on `;` or tab (common where the decimal
 *   separator is a comma) starts a new cell after each of them, whatever the quotes say, so
 *   the text after a `;` or a tab is guarded the same way: `VIP;=cmd` is written `VIP;'=cmd`,
 *   and `a;-12.5` stays as it is (a number there too).
 *
 * Rows are written batch by batch (`csvRows`), so a caller streaming pages never holds more
 * than one page of text.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** One output column: its header and how to read its value from a record. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export const BOM = "\uFEFF";
export const CRLF = "\r\n";

/** Signed decimal, optionally in exponent notation: a spreadsheet reads it as a number. */
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const NEEDS_QUOTES_RE = /[",\r\n]/;

/** A `;` or tab followed by a formula start: some part of the cell may need guarding. */
const SPLIT_FORMULA_RE = /[;\t][=+\-@\t\r]/;

/** Whether a spreadsheet would read this text as the start of a formula. */
function isFormulaLike(text: string): boolean {
  switch (text.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
      return !NUMBER_RE.test(text);
    default:
      return false;
  }
}

/**
 * A `'` after each `;` or tab whose part (up to the next `;`, or the next tab: the cell a
 * spreadsheet splitting on that separator makes of it) would be read as a formula. Each part is
 * judged as received; a `'` put in one never starts another, and a number holds no separator.
 */
function guardParts(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== ";" && c !== "\t") continue;
    const end = text.indexOf(c, i + 1);
    if (!isFormulaLike(text.slice(i + 1, end === -1 ? undefined : end))) continue;
    out += `${text.slice(from, i + 1)}'`;
    from = i + 1;
  }
  return out + text.slice(from);
}

/** One field as it appears in the file: guarded, then quoted if it must be. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "string" ? value : String(value);
  if (text === "") return "";
  if (SPLIT_FORMULA_RE.test(text)) text = guardParts(text);
  if (isFormulaLike(text)) text = `'${text}`;
  return NEEDS_QUOTES_RE.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF included. */
export function csvLine(values: readonly CsvValue[]): string {
  let line = "";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ",";
    line += csvCell(values[i]);
  }
  return line + CRLF;
}

/** The header line (without the BOM: that belongs to the file, see `csvFileStart`). */
export function csvHeader<T>(columns: readonly CsvColumn<T>[]): string {
  return csvLine(columns.map((c) => c.header));
}

/** What a file starts with: the BOM and the header line. */
export function csvFileStart<T>(columns: readonly CsvColumn<T>[]): string {
  return BOM + csvHeader(columns);
}

/** The lines of a batch of records, concatenated. */
export function csvRows<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  let text = "";
  for (const row of rows) {
    let line = "";
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) line += ",";
      line += csvCell(columns[i].value(row));
    }
    text += line + CRLF;
  }
  return text;
}

/** A whole file as text chunks: the start, then one chunk per non-empty batch. */
export async function* csvText<T>(columns: readonly CsvColumn<T>[], batches: AsyncIterable<readonly T[]>): AsyncGenerator<string> {
  yield csvFileStart(columns);
  for await (const batch of batches) {
    if (batch.length > 0) yield csvRows(columns, batch);
  }
}
