// The stylesheet belongs to the entry: the build writes it as a <link> in the page's head.
import 'shared-ui/styles.css';
import { warmUpIntl } from './lib/intl-warm-up.js';
import { nextTask } from './lib/next-task.js';

// First: a worker loads the browser's Intl data while the page starts (its remotes and first reads
// still on their way), before the first render formats a price or a date.
warmUpIntl();

// The async boundary lets Module Federation negotiate the shared singletons before React loads.
// Start-up then evaluates React, the kit and the app, starts the page's code and reads, and renders,
// each in a task of its own (next-task.ts). The app is in this script ('eager'), not a chunk of its
// own: one request fewer between the page and its first render.
void (async () => {
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  // The kit's own shared modules first (the router, react-bootstrap's components, SWR): evaluated
  // inside the kit's step, they made it the longest task of the start.
  await import('shared-ui/router');
  await nextTask();
  await import('shared-ui/bootstrap');
  await nextTask();
  await import('swr');
  await nextTask();
  await import('shared-ui');
  await nextTask();
  const start = await import(/* webpackMode: "eager" */ './bootstrap.js');
  await nextTask();
  try {
    start.preload();
  } catch (error) {
    // A preload only saves time: the page renders without it, and the error is still reported.
    reportError(error);
  }
  await nextTask();
  start.render();
})();
