import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import PostalMime from 'postal-mime';
import { pdfText } from './pdf-text.js';

/**
 * Checks that no secret (a card number, a CVV, an account number) is kept anywhere, reading what a
 * person would read: an e-mail decoded (its headers, text and HTML parts, and the text of each PDF
 * attachment), a database's rows, a log's lines. Reading encoded bytes instead cries wolf (any short
 * string turns up by chance in base64) and misses a leak inside an attachment.
 */

/** One thing a person could read, named for the failure message (`outbox/…eml › receipt.pdf`). */
export interface Readable {
  source: string;
  text: string;
}

/** Where a secret was found. */
export interface Finding {
  source: string;
  secret: string;
}

const decoder = new TextDecoder();

/** An e-mail as its reader sees it: one readable per header block, body part and attachment. */
export async function readableMail(raw: Uint8Array | string, source: string): Promise<Readable[]> {
  const mail = await PostalMime.parse(raw);
  const readables: Readable[] = [
    {
      source: `${source} › headers`,
      text: mail.headers.map(({ key, value }) => `${key}: ${value}`).join('\n'),
    },
    { source: `${source} › text`, text: mail.text ?? '' },
    { source: `${source} › html`, text: mail.html ?? '' },
  ];
  for (const [index, attachment] of mail.attachments.entries()) {
    const name = `${source} › ${attachment.filename ?? `attachment ${index + 1}`}`;
    const bytes =
      typeof attachment.content === 'string'
        ? new TextEncoder().encode(attachment.content)
        : new Uint8Array(attachment.content);
    readables.push(await readableFile(bytes, name, attachment.mimeType));
  }
  return readables;
}

/** A file's content: a PDF's text, an e-mail's parts, and any other file's bytes as they are. */
async function readableFile(bytes: Uint8Array, source: string, mimeType = ''): Promise<Readable> {
  if (mimeType === 'application/pdf' || startsWith(bytes, '%PDF-')) {
    return { source, text: (await pdfText(bytes)).text };
  }
  // Anything else (text, a database file, a log) is read byte for byte: a secret written in it is there
  // in clear. latin1 keeps every byte as one character, so a binary file cannot throw.
  return { source, text: Buffer.from(bytes).toString('latin1') };
}

/**
 * Every file under `dir` as a person would read it: `.eml` files decoded into their parts, PDFs as text,
 * any other file (SQLite files and their WAL, logs, session files) as its bytes.
 */
export async function readableFiles(dir: string): Promise<Readable[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const readables: Readable[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const source = relative(dir, path);
    const bytes = new Uint8Array(await readFile(path).catch(() => Buffer.alloc(0)));
    if (extname(path) === '.eml') readables.push(...(await readableMail(bytes, source)));
    else readables.push(await readableFile(bytes, source));
  }
  return readables;
}

/** Records (a database snapshot, parsed log lines) as JSON text, one readable each. */
export function readableRecords(source: string, records: unknown): Readable {
  return { source, text: JSON.stringify(records) };
}

/**
 * The secrets found, each matched as a whole token: not inside a longer run of letters, digits, `_`,
 * `-` or `.`, so a CVV `7304` is not found in `17304`, in a UUID's `-7304-`, in `$7304.00`, nor in a
 * base64 run. A secret that holds several forms (a card number with and without spaces) lists each.
 */
export function findSecrets(readables: Readable[], secrets: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  for (const secret of secrets) {
    const token = new RegExp(`(?<![\\w.-])${escape(secret)}(?![\\w-]|\\.\\w)`);
    for (const { source, text } of readables) {
      if (token.test(text)) findings.push({ source, secret });
    }
  }
  return findings;
}

/**
 * The JSON Web Tokens in `text`: runs shaped like one (`eyJ…` header and payload, since both are JSON
 * objects, then a signature) whose header decodes to JSON naming an `alg`. A random id that happens to
 * contain `eyJ` and a dot is not one.
 */
export function jwtsIn(text: string): string[] {
  const candidates = text.match(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g) ?? [];
  return candidates.filter((candidate) => {
    try {
      const header: unknown = JSON.parse(Buffer.from(candidate.split('.')[0]!, 'base64url').toString('utf8'));
      return typeof header === 'object' && header !== null && 'alg' in header;
    } catch {
      return false;
    }
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function startsWith(bytes: Uint8Array, text: string): boolean {
  return decoder.decode(bytes.subarray(0, text.length)) === text;
}
