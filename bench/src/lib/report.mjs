import { availableParallelism, loadavg } from 'node:os';

/** 12345 → '12.1 KiB'. */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}

/** Milliseconds with a precision that suits loopback latencies. */
export const formatMs = (ms) => `${ms < 10 ? ms.toFixed(2) : ms.toFixed(1)} ms`;

/** A plain-text table (first column left-aligned, the rest right-aligned), also readable in Markdown. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of rows) console.log(line(r));
}

/** When and where a figure was taken: other work on the machine moves latencies a lot. */
export function machineNote() {
  return `${new Date().toISOString()}, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} (1/5/15 min)`;
}

/** A latency difference with its sign: '+1.41 ms', '-0.20 ms'. */
export const formatDeltaMs = (ms) => `${ms < 0 ? '-' : '+'}${formatMs(Math.abs(ms))}`;
