import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { COLONIAL_MESSAGES } from '../../src/domain/colonial/messages.js';
import { seededTestApp, snapshot } from '../helpers/parties.js';
import { multipart, partsOf, returnFile, RETURN_HEADERS, zipOf } from '../routes/colonial/return-files.js';

const MB = 1024 * 1024;
const SHARED_STRINGS = 'xl/sharedStrings.xml';

/** Where `part`'s local header and its central directory record start in a ZIP. */
function headersOf(zip: Buffer, part: string): { local: number; central: number } {
  const find = (signature: string, nameLengthAt: number, nameAt: number) => {
    for (
      let at = zip.indexOf(signature, 0, 'latin1');
      at >= 0;
      at = zip.indexOf(signature, at + 4, 'latin1')
    ) {
      const name = zip.toString('utf8', at + nameAt, at + nameAt + zip.readUInt16LE(at + nameLengthAt));
      if (name === part) return at;
    }
    throw new Error(`no ${part} in the ZIP`);
  };
  return { local: find('PK\x03\x04', 26, 30), central: find('PK\x01\x02', 28, 46) };
}

/**
 * A valid return file whose shared strings go on with `<si>` elements of the texts `text(0)`,
 * `text(1)`… up to a megabyte, that megabyte `times` over. It is deflated as a bomb's author does:
 * the megabyte once, with a full flush (its blocks then stand alone), and those blocks repeated, so
 * neither the test nor its ZIP ever holds the whole. The real strings stay first, so the sheet still
 * names its cells: a reader that takes the table whole takes all of it.
 */
async function withSharedStrings(text: (index: number) => string, times: number): Promise<Buffer> {
  const parts = await partsOf(await returnFile([['Colonial', 'BCN-1', '', '03/01/2027', '']]));
  const table = parts.find(([name]) => name === SHARED_STRINGS)![1].toString('utf8');
  const head = Buffer.from(table.slice(0, table.lastIndexOf('</sst>')));
  const tail = Buffer.from('</sst>');
  const elements: string[] = [];
  for (let size = 0; size < MB; size += elements.at(-1)!.length)
    elements.push(`<si><t>${text(elements.length)}</t></si>`);
  const chunk = Buffer.from(elements.join(''));
  const flushed = (bytes: Buffer) =>
    deflateRawSync(bytes, { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const block = flushed(chunk);
  const deflated = Buffer.concat([flushed(head), ...Array<Buffer>(times).fill(block), deflateRawSync(tail)]);
  let crc = crc32(head);
  for (let index = 0; index < times; index += 1) crc = crc32(chunk, crc);
  crc = crc32(tail, crc);
  const size = head.length + times * chunk.length + tail.length;

  // yazl stores the deflated bytes as they are; the headers then say what they are.
  const zip = await zipOf(
    parts.map(([name, content]) => [name, name === SHARED_STRINGS ? deflated : content]),
    [SHARED_STRINGS],
  );
  const { local, central } = headersOf(zip, SHARED_STRINGS);
  zip.writeUInt16LE(8, local + 8);
  zip.writeUInt32LE(crc, local + 14);
  zip.writeUInt32LE(size, local + 22);
  zip.writeUInt16LE(8, central + 10);
  zip.writeUInt32LE(crc, central + 16);
  zip.writeUInt32LE(size, central + 24);
  return zip;
}

/** The bytes with the uncompressed size `part`'s headers declare set to `size` (a lie). */
function declaringSize(bytes: Buffer, part: string, size: number): Buffer {
  const lying = Buffer.from(bytes);
  const { local, central } = headersOf(lying, part);
  lying.writeUInt32LE(size, local + 22);
  lying.writeUInt32LE(size, central + 24);
  return lying;
}

/** Letters of a fixed pseudo-random sequence: text that deflate compresses only so far. */
function letters(count: number, seed: number): string {
  let state = seed;
  let text = '';
  for (let index = 0; index < count; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    text += String.fromCharCode(65 + (state % 26));
  }
  return text;
}

/**
 * Issue 21 item 4, "Hostile files": a 1.26 MB XLSX whose shared strings unpacked to 520 MB took
 * cart-api from 183 MB to 1.2 GB and the gateway answered 504 after 10.5 s. The return file is now
 * checked on its ZIP's central directory before anything is inflated, what is inflated is counted,
 * and what the XML holds is bounded while it streams (README "Colonial return file", "Hostile files").
 */
describe('a hostile return file', () => {
  const suite = seededTestApp();
  /** 520 MB of shared strings in 1.2 MB, as the file. */
  let bomb: Buffer;
  /** 90 MB of them in 0.2 MB: under the total, but compressed about 450 to 1. */
  let smallBomb: Buffer;
  /** The bomb whose headers declare its shared strings at 64 KB: under every bound, but a lie. */
  let liar: Buffer;

  beforeAll(async () => {
    const text = () => 'A'.repeat(1_000);
    bomb = await withSharedStrings(text, 520);
    smallBomb = await withSharedStrings(text, 90);
    liar = declaringSize(bomb, SHARED_STRINGS, 64 * 1024);
    // The route and the token's check warmed up, so that the times below are the files' own.
    expect((await upload(Buffer.from('BCN Vendor,BCN\n'))).statusCode).toBe(400);
  });

  async function upload(bytes: Buffer) {
    const { payload, headers } = multipart(bytes);
    return suite.ctx.app.inject({
      method: 'POST',
      url: '/colonial/return-file',
      payload,
      headers: { ...headers, authorization: await suite.ctx.bearer(suite.parties.accounts.compliance) },
    });
  }

  /**
   * The upload's answer, the CPU time it took (this process serves it: CPU, not wall time, so a busy
   * machine does not make it look slow; the old reader spent seconds of CPU inflating) and how far the
   * process's resident memory grew.
   */
  async function measuredUpload(bytes: Buffer) {
    const rss = process.memoryUsage().rss;
    const started = process.cpuUsage();
    const answer = await upload(bytes);
    const used = process.cpuUsage(started);
    return {
      answer: [answer.statusCode, answer.json()],
      ms: (used.user + used.system) / 1000,
      rssGrowthMb: (process.memoryUsage().rss - rss) / MB,
    };
  }

  it('refuses a zip bomb (520 MB of shared strings in 1.2 MB) at once, its memory flat', async () => {
    expect(bomb.length).toBeLessThan(1.5 * MB);
    const before = await snapshot(suite.ctx.db);
    const { answer, ms, rssGrowthMb } = await measuredUpload(bomb);
    expect(answer).toEqual([
      400,
      { message: 'The return file unpacks to more than 100 MB: split it into smaller files' },
    ]);
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowthMb).toBeLessThan(50);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('refuses a part compressed more than 100 to 1, under 100 MB in all', async () => {
    const { answer, ms, rssGrowthMb } = await measuredUpload(smallBomb);
    expect(answer).toEqual([400, { message: COLONIAL_MESSAGES.returnFile.compressedTooFar(100) }]);
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowthMb).toBeLessThan(50);
  });

  it('refuses a part that unpacks to more than its entry declares (a lying header) at the first byte over', async () => {
    const { answer, ms, rssGrowthMb } = await measuredUpload(liar);
    expect(answer).toEqual([400, { message: COLONIAL_MESSAGES.returnFile.largerThanDeclared }]);
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowthMb).toBeLessThan(50);
  });

  it('costs a process of its own no memory: its peak grows by less than 50 MB, in under a second', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hostile-return-files-'));
    try {
      const files = { bomb, smallBomb, liar, warmUp: await returnFile([['Colonial', 'BCN-1', '', '', '']]) };
      for (const [name, bytes] of Object.entries(files)) await writeFile(join(folder, name), bytes);
      const script = fileURLToPath(new URL('./read-return-file-process.ts', import.meta.url));
      const loader = fileURLToPath(new URL('./ts-loader.mjs', import.meta.url));
      const run = await new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            '--no-warnings',
            '--conditions=source',
            '--import',
            loader,
            script,
            ...['warmUp', 'bomb', 'smallBomb', 'liar'].map((name) => join(folder, name)),
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, out, err }));
      });
      expect({ code: run.code, err: run.err }).toEqual({ code: 0, err: '' });
      const reads = run.out
        .trim()
        .split('\n')
        .map(
          (line) => JSON.parse(line) as { file: string; outcome: string; ms: number; peakGrowthMb: number },
        );
      expect(reads.map((read) => read.outcome)).toEqual([
        COLONIAL_MESSAGES.returnFile.unzipsTooLarge(100),
        COLONIAL_MESSAGES.returnFile.compressedTooFar(100),
        COLONIAL_MESSAGES.returnFile.largerThanDeclared,
      ]);
      for (const read of reads) {
        expect({ file: read.file, fast: read.ms < 1_000, flat: read.peakGrowthMb < 50 }).toEqual({
          file: read.file,
          fast: true,
          flat: true,
        });
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses more than 1,000 parts in the ZIP before reading any', async () => {
    const parts = await partsOf(await returnFile([['Colonial', 'BCN-1', '', '', '']]));
    const padding: [string, Buffer][] = Array.from({ length: 1_000 }, (_, index) => [
      `customXml/item${index}.xml`,
      Buffer.from('<x/>'),
    ]);
    const answer = await upload(await zipOf([...parts, ...padding]));
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: COLONIAL_MESSAGES.returnFile.tooManyParts(1_000) },
    ]);
  });

  it('bounds the shared strings while they stream: more than 20,000,000 characters is refused', async () => {
    // 950 letters alike and 50 of a pseudo-random sequence per string: compressed about 33 to 1,
    // under the ratio; 21 MB of them.
    const bytes = await withSharedStrings((index) => 'A'.repeat(950) + letters(50, index + 1), 21);
    expect(bytes.length).toBeLessThan(10 * MB);
    const answer = await upload(bytes);
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: COLONIAL_MESSAGES.returnFile.tooMuchText(20_000_000) },
    ]);
  });

  it('refuses a cell longer than Excel allows (32,767 characters)', async () => {
    const answer = await upload(await returnFile([['Colonial', 'B'.repeat(40_000), '', '', '']]));
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      { message: COLONIAL_MESSAGES.returnFile.cellTooLong(32_767) },
    ]);
  });

  it('looks for the header row in the first 1,000 rows only, never through the whole sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Return File');
    for (let row = 0; row < 1_500; row += 1) sheet.addRow(['', '', '', '', '']);
    sheet.addRow(RETURN_HEADERS);
    sheet.addRow(['Colonial', 'BCN-1', '', '', '']);
    const answer = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect([answer.statusCode, answer.json()]).toEqual([
      400,
      {
        message:
          'The return file has no header row in the first 1,000 rows of its first worksheet: its first non-empty row must name BCN Vendor, BCN, Qualify Date, No Pay',
      },
    ]);
  });
});
