import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { COLONIAL_MESSAGES } from './messages.js';
import { ReturnFileError } from './return-file-error.js';

/**
 * The bounds of a return file's ZIP (README "Colonial return file", "Hostile files"), checked on its
 * central directory before a byte is inflated: an XLSX is a ZIP of a few dozen XML parts compressed
 * about 10 to 1, so a file past these is no workbook Excel wrote, but a way to fill the memory.
 */
export const RETURN_FILE_ZIP_LIMITS = {
  /** Parts (ZIP entries): a workbook has a few dozen. */
  maxEntries: 1_000,
  /** What all its parts declare they inflate to, together (100 MiB). */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** How much a part may be compressed (Excel's XML: about 10 to 1; a zip bomb: 1,000 to 1 and more)… */
  maxRatio: 100,
  /** …once it declares at least this much (1 MiB): a small part compressed far is harmless. */
  ratioFromBytes: 1024 * 1024,
} as const;

/** The ZIP's parts by name (part names are case-insensitive), to be read in any order. */
export interface WorkbookArchive {
  has(name: string): boolean;
  /** A part's inflated bytes, never more than its entry declares. */
  read(name: string): AsyncGenerator<Buffer>;
}

const partKey = (name: string) => name.replace(/^\/+/, '').toLowerCase();

/**
 * Opens an XLSX's ZIP by its central directory (random access, so the parts are read in the order
 * they are needed, whatever their order in the file) and checks its bounds before anything is
 * inflated: the number of parts, their declared total and each one's compression ratio.
 */
export async function openWorkbookArchive(bytes: Buffer): Promise<WorkbookArchive> {
  const limits = RETURN_FILE_ZIP_LIMITS;
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, strictFileNames: false });
  if (zip.entryCount > limits.maxEntries)
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.tooManyParts(limits.maxEntries));
  const entries = new Map<string, yauzl.Entry>();
  let declared = 0;
  for await (const entry of zip.eachEntry()) {
    declared += entry.uncompressedSize;
    if (declared > limits.maxUncompressedBytes) {
      throw new ReturnFileError(
        COLONIAL_MESSAGES.returnFile.unzipsTooLarge(limits.maxUncompressedBytes / (1024 * 1024)),
      );
    }
    if (
      entry.uncompressedSize >= limits.ratioFromBytes &&
      entry.uncompressedSize > entry.compressedSize * limits.maxRatio
    ) {
      throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.compressedTooFar(limits.maxRatio));
    }
    const key = partKey(entry.fileName);
    // Two parts of one name: which one a reader takes is anybody's guess.
    if (entries.has(key)) throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.unreadable);
    entries.set(key, entry);
  }
  return {
    has: (name) => entries.has(partKey(name)),
    read: (name) => inflate(zip, entries.get(partKey(name))),
  };
}

/**
 * A part's bytes, inflated here rather than by yauzl so that what comes out is counted: a part that
 * inflates past the size its entry declares (a lying header) is refused at the first byte over, so
 * no part yields more than it declared, and all of them together no more than maxUncompressedBytes.
 */
async function* inflate(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): AsyncGenerator<Buffer> {
  if (!entry || !entry.canDecodeFileData())
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.unreadable);
  const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false });
  let source: Readable = raw;
  if (entry.compressionMethod === 8) {
    const inflater = createInflateRaw();
    raw.on('error', (error) => inflater.destroy(error));
    source = raw.pipe(inflater);
  }
  let inflated = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize)
        throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.largerThanDeclared);
      yield chunk;
    }
  } finally {
    raw.destroy();
    source.destroy();
  }
}
