import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { COLONIAL_MESSAGES } from './messages.js';
import { ReturnFileError } from './return-file-error.js';
import { openWorkbookArchive, type WorkbookArchive } from './return-file-zip.js';

/**
 * The bounds of a return file's XML (README "Colonial return file", "Hostile files"), held while it
 * streams: nothing the parser keeps grows with the file but the shared strings, which are bounded too.
 */
export const RETURN_FILE_XML_LIMITS = {
  /** Excel's own limit on a cell's text. */
  maxCellChars: 32_767,
  /** The shared-string table (read whole before the sheet): how many strings… */
  maxSharedStrings: 1_000_000,
  /** …and their characters together (a 50,000-row file of a dozen columns has a few million). */
  maxSharedStringChars: 20_000_000,
  /** The longest tag, text or comment the parser may hold at once: far more than a cell needs. */
  maxTokenChars: 1_000_000,
  /** Excel's sheet: rows, columns, cell styles; and the sheets a workbook lists. */
  maxRow: 1_048_576,
  maxColumn: 16_384,
  maxCellStyles: 65_536,
  maxSheets: 1_000,
} as const;
const LIMITS = RETURN_FILE_XML_LIMITS;

/** A cell's value as the sheet holds it (formulas by their last result, errors as none). */
export type CellValue = string | number | boolean | Date | null;

/** What reading the first worksheet tells: each cell of a row, then the row's end. */
export interface SheetVisitor {
  /** A cell of the current row (columns from 1). */
  cell(column: number, value: CellValue): void;
  /** The end of a row (its number in the sheet); 'stop' ends the reading there. */
  row(rowNumber: number): 'stop' | undefined;
  /** The sheet's characters read so far, after each chunk. */
  progress?(chars: number): void;
}

/** Thrown by a visitor to stop reading an XML part early (what follows is not needed). */
class StopReading extends Error {}

const unreadable = () => new ReturnFileError(COLONIAL_MESSAGES.returnFile.unreadable);

/** An element's or attribute's name without its namespace prefix (third parties write `x:row`). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

interface XmlVisitor {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
  progress?(chars: number): void;
}

/**
 * Streams an XML part through saxes (which expands no entity of a DTD: no "billion laughs"): the
 * parser holds one token at a time, and a token longer than maxTokenChars (a text, a tag, a comment
 * Excel would never write) is refused when the chunk that carries it is read.
 */
async function readXml(chunks: AsyncIterable<Buffer>, visitor: XmlVisitor): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  let lastEvent = 0;
  const seen = () => (lastEvent = parser.position);
  parser.on('opentag', (tag) => {
    seen();
    visitor.open?.(localName(tag.name), tag.attributes);
  });
  parser.on('closetag', (tag) => {
    seen();
    visitor.close?.(localName(tag.name));
  });
  parser.on('text', (text) => {
    seen();
    visitor.text?.(text);
  });
  parser.on('cdata', (text) => {
    seen();
    visitor.text?.(text);
  });
  parser.on('comment', seen);
  parser.on('processinginstruction', seen);
  parser.on('doctype', seen);
  parser.on('xmldecl', seen);
  const decoder = new StringDecoder('utf8');
  let first = true;
  try {
    for await (const chunk of chunks) {
      let text = decoder.write(chunk);
      if (first && text.length > 0) {
        text = text.replace(/^\uFEFF/, '');
        first = false;
      }
      parser.write(text);
      if (parser.position - lastEvent > LIMITS.maxTokenChars) throw unreadable();
      visitor.progress?.(parser.position);
    }
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    if (error instanceof StopReading) return;
    throw error;
  }
}

/** The value of an attribute of a prefixed name (`r:id`), whatever its prefix. */
const prefixed = (attributes: Record<string, string>, name: string) =>
  Object.entries(attributes).find(([key]) => key.includes(':') && localName(key) === name)?.[1];

/** A relationship's target as a part name: relative to the workbook's folder, or absolute. */
function partName(folder: string, target: string): string {
  const segments: string[] = [];
  for (const segment of (target.startsWith('/') ? target : folder + target).split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

interface WorkbookParts {
  sheet?: string;
  sharedStrings?: string;
  styles?: string;
  date1904: boolean;
}

const WORKBOOK = 'xl/workbook.xml';
const WORKBOOK_RELS = 'xl/_rels/workbook.xml.rels';

/**
 * Where the first worksheet (the first tab of workbook.xml that is a worksheet), the shared strings
 * and the styles are, by the workbook's relationships; the usual names when it has none.
 */
async function locateParts(archive: WorkbookArchive): Promise<WorkbookParts> {
  if (!archive.has(WORKBOOK)) throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.notXlsx);
  const sheetIds: string[] = [];
  let date1904 = false;
  await readXml(archive.read(WORKBOOK), {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      if (name === 'sheet') {
        const id = prefixed(attributes, 'id');
        if (id !== undefined && sheetIds.length < LIMITS.maxSheets) sheetIds.push(id);
      }
    },
    close(name) {
      if (name === 'sheets') throw new StopReading();
    },
  });
  const wanted = new Set(sheetIds);
  const worksheets = new Map<string, string>();
  const parts: WorkbookParts = { date1904 };
  if (archive.has(WORKBOOK_RELS)) {
    await readXml(archive.read(WORKBOOK_RELS), {
      open(name, attributes) {
        const { Id: id, Type: type = '', Target: target, TargetMode: mode } = attributes;
        if (name !== 'Relationship' || target === undefined || mode === 'External') return;
        const part = partName('xl/', target);
        if (!archive.has(part)) return;
        const kind = type.slice(type.lastIndexOf('/') + 1);
        if (kind === 'worksheet' && id !== undefined && wanted.has(id)) worksheets.set(id, part);
        else if (kind === 'sharedStrings') parts.sharedStrings ??= part;
        else if (kind === 'styles') parts.styles ??= part;
      },
    });
  }
  parts.sheet = sheetIds.map((id) => worksheets.get(id)).find((part) => part !== undefined);
  const usual = (name: string) => (archive.has(name) ? name : undefined);
  parts.sheet ??= usual('xl/worksheets/sheet1.xml');
  parts.sharedStrings ??= usual('xl/sharedStrings.xml');
  parts.styles ??= usual('xl/styles.xml');
  return parts;
}

/** Excel's built-in number formats that show a date or a time (as exceljs reads them). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date: y, m, d, h, s (b) outside quotes and brackets (as exceljs). */
const isDateFormat = (code: string) =>
  /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** Which cell styles (cellXfs, by index) show a date: their numbers are read as days. */
async function readDateStyles(archive: WorkbookArchive, part: string): Promise<boolean[]> {
  const custom = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await readXml(archive.read(part), {
    open(name, attributes) {
      if (name === 'numFmt' && custom.size < LIMITS.maxCellStyles) {
        custom.set(Number(attributes.numFmtId), isDateFormat(attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        if (styles.length >= LIMITS.maxCellStyles) throw unreadable();
        const format = Number(attributes.numFmtId ?? 0);
        styles.push(custom.get(format) ?? BUILT_IN_DATE_FORMATS.has(format));
      }
    },
    close(name) {
      if (name === 'cellXfs') throw new StopReading();
    },
  });
  return styles;
}

/**
 * The shared-string table, each string as `keep` makes it (the caller keeps what it uses, so the
 * table holds no more than that), bounded in strings, in characters and in each string's length.
 */
async function readSharedStrings(
  archive: WorkbookArchive,
  part: string,
  keep: (text: string) => string,
): Promise<string[]> {
  const strings: string[] = [];
  let chars = 0;
  let text = '';
  let inText = false;
  let inPhonetic = false;
  await readXml(archive.read(part), {
    open(name) {
      if (name === 'si') text = '';
      // A phonetic reading (rPh) is not what the cell shows.
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't' && !inPhonetic) inText = true;
    },
    text(value) {
      if (!inText) return;
      chars += value.length;
      if (chars > LIMITS.maxSharedStringChars) {
        throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.tooMuchText(LIMITS.maxSharedStringChars));
      }
      text += value;
      if (text.length > LIMITS.maxCellChars)
        throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.cellTooLong(LIMITS.maxCellChars));
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') {
        if (strings.length >= LIMITS.maxSharedStrings) {
          throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.tooManyTexts(LIMITS.maxSharedStrings));
        }
        strings.push(keep(text));
      }
    },
  });
  return strings;
}

/** A column's number from a cell reference (`AB12` → 28); undefined when it names none. */
function columnOf(reference: string): number | undefined {
  const letters = /^[A-Za-z]{1,3}/.exec(reference)?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column;
}

/** An Excel serial day as an instant (the 1900 or the 1904 date system), as exceljs reads it. */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

interface Cell {
  column: number;
  type: string;
  dateStyle: boolean;
  /** The `<v>` text, or the inline string's, as read so far. */
  value?: string;
  inline?: string;
}

function cellValue(cell: Cell, sharedStrings: string[], date1904: boolean): CellValue {
  const value = cell.value ?? null;
  switch (cell.type) {
    case 's': {
      const index = value === null || value.trim() === '' ? NaN : Number(value);
      return Number.isInteger(index) ? (sharedStrings[index] ?? null) : null;
    }
    case 'inlineStr':
      return cell.inline ?? value;
    case 'str':
      return value;
    case 'b':
      return value === null ? null : Number(value) !== 0;
    case 'e':
      return null;
    case 'd': {
      const date = value === null ? undefined : new Date(value);
      return date && !Number.isNaN(date.getTime()) ? date : value;
    }
    default: {
      if (value === null || value.trim() === '') return null;
      const number = Number(value);
      if (Number.isNaN(number)) return value;
      if (!cell.dateStyle) return number;
      const date = excelDate(number, date1904);
      return Number.isNaN(date.getTime()) ? number : date;
    }
  }
}

/** Streams the sheet's rows to the visitor: only one cell's text is held at a time. */
async function readSheet(
  chunks: AsyncIterable<Buffer>,
  visitor: SheetVisitor,
  sharedStrings: string[],
  dateStyles: boolean[],
  date1904: boolean,
): Promise<void> {
  let inSheetData = false;
  let rowNumber = 0;
  let inRow = false;
  let column = 0;
  let cell: Cell | undefined;
  let capture: 'value' | 'inline' | undefined;
  let inPhonetic = false;
  await readXml(chunks, {
    open(name, attributes) {
      if (name === 'sheetData') inSheetData = true;
      else if (name === 'row' && inSheetData) {
        rowNumber = attributes.r === undefined ? rowNumber + 1 : Number(attributes.r);
        if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > LIMITS.maxRow) throw unreadable();
        inRow = true;
        column = 0;
      } else if (name === 'c' && inRow) {
        column = attributes.r === undefined ? column + 1 : (columnOf(attributes.r) ?? column + 1);
        if (column > LIMITS.maxColumn) throw unreadable();
        cell = {
          column,
          type: attributes.t ?? 'n',
          dateStyle: dateStyles[Number(attributes.s ?? 0)] === true,
        };
      } else if (cell && name === 'v') {
        cell.value = '';
        capture = 'value';
      } else if (cell && name === 'is') {
        cell.inline = '';
      } else if (cell && name === 'rPh') {
        inPhonetic = true;
      } else if (cell?.inline !== undefined && name === 't' && !inPhonetic) {
        capture = 'inline';
      }
    },
    text(value) {
      if (!cell || !capture) return;
      const text = (cell[capture] ?? '') + value;
      if (text.length > LIMITS.maxCellChars)
        throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.cellTooLong(LIMITS.maxCellChars));
      cell[capture] = text;
    },
    close(name) {
      if (name === 'v' || name === 't') capture = undefined;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell) {
        visitor.cell(cell.column, cellValue(cell, sharedStrings, date1904));
        cell = undefined;
      } else if (name === 'row' && inRow) {
        inRow = false;
        if (visitor.row(rowNumber) === 'stop') throw new StopReading();
      } else if (name === 'sheetData') {
        throw new StopReading();
      }
    },
    progress: visitor.progress,
  });
}

/**
 * Reads an XLSX's first worksheet (README "Colonial return file") within the bounds of its ZIP
 * (return-file-zip.ts) and of its XML (RETURN_FILE_XML_LIMITS): the central directory gives each
 * part, so the workbook, the styles and the shared strings are read first whatever their order in
 * the file, then the sheet streams row by row. `keepText` is what is kept of each shared string.
 * Answers false when the workbook has no worksheet.
 */
export async function readFirstWorksheet(
  bytes: Buffer,
  visitor: SheetVisitor,
  keepText: (text: string) => string,
): Promise<boolean> {
  const archive = await openWorkbookArchive(bytes);
  const parts = await locateParts(archive);
  if (parts.sheet === undefined) return false;
  const dateStyles = parts.styles === undefined ? [] : await readDateStyles(archive, parts.styles);
  const sharedStrings =
    parts.sharedStrings === undefined ? [] : await readSharedStrings(archive, parts.sharedStrings, keepText);
  await readSheet(archive.read(parts.sheet), visitor, sharedStrings, dateStyles, parts.date1904);
  return true;
}
