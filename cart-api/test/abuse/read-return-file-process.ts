/**
 * Reads return files in a process of its own, for hostile-return-files.cases.ts: the peak of a fresh
 * process's resident memory (`maxRSS`) is what a file costs, which a Jest worker's cannot show (its
 * peak is whatever an earlier test left). Reads a small workbook first (the modules loaded, the
 * parser warm), then each file named in argv, and prints one JSON line per file: the message it was
 * refused with (or its row count), the time it took and how far the peak grew.
 */
import { readFile } from 'node:fs/promises';
import { readReturnFile } from '../../src/domain/colonial/return-file-format.js';

const [warmUp, ...files] = process.argv.slice(2);
await readReturnFile(await readFile(warmUp!));
for (const file of files) {
  const bytes = await readFile(file);
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  // CPU time, not wall time: what the file costs, whatever else the machine is doing (CI's two cores).
  const started = process.cpuUsage();
  let outcome: string;
  try {
    outcome = `${(await readReturnFile(bytes)).length} rows`;
  } catch (error) {
    outcome = (error as Error).message;
  }
  const used = process.cpuUsage(started);
  const ms = Math.round((used.user + used.system) / 1000);
  const peakGrowthMb = Math.round((process.resourceUsage().maxRSS * 1024 - peakBefore) / 1024 / 1024);
  process.stdout.write(`${JSON.stringify({ file, outcome, ms, peakGrowthMb })}\n`);
}
