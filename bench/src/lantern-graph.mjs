#!/usr/bin/env node
// How Lighthouse's simulated phone (Lantern) reached a page's first or largest paint: every request and
// main-thread task the estimate waited for, with its simulated start, end and duration, in start order.
// Its input is one run saved by `BENCH_LIGHTHOUSE_ARTIFACTS=<folder> node src/lighthouse.mjs` (the
// trace and the requests Lighthouse simulates from). This is how the last waits of the order form were
// found: the product read its largest paint waited for, and the remote entry its first paint waited for.
//
//   node src/lantern-graph.mjs <run.json> [lcp|fcp] [optimistic|pessimistic]
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const [file, metric = 'lcp', graph = 'pessimistic'] = process.argv.slice(2);
if (!file || !['lcp', 'fcp'].includes(metric) || !['optimistic', 'pessimistic'].includes(graph)) {
  console.error('usage: node src/lantern-graph.mjs <run.json> [lcp|fcp] [optimistic|pessimistic]');
  process.exit(2);
}
const { artifacts, settings } = JSON.parse(readFileSync(file, 'utf8'));
const Metric = metric === 'fcp' ? LanternFirstContentfulPaint : LanternLargestContentfulPaint;
const result = await Metric.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map(), settings },
);
const estimate = graph === 'optimistic' ? result.optimisticEstimate : result.pessimisticEstimate;
const ms = (value) => String(Math.round(value)).padStart(6);
console.log(
  `${metric.toUpperCase()} ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)}); the ${graph} graph:`,
);
console.log(' start    end  took  what');
for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
  const path = (url) => url.replace(/^https?:\/\/[^/]+/, '');
  const what =
    node.type === 'network'
      ? `${path(node.request.url).slice(0, 70)} (${(node.request.transferSize / 1024).toFixed(1)} KiB, ${node.request.priority})`
      : `task of ${(node.duration / 1000).toFixed(1)} ms observed${[...node.getEvaluateScriptURLs()].map((url) => `, runs ${path(url)}`).join('')}${node.didPerformLayout() ? ', layout' : ''}`;
  console.log(
    `${ms(timing.startTime)} ${ms(timing.endTime)} ${ms(timing.duration)}  ${node.type === 'network' ? '' : 'CPU '}${what}`,
  );
}
