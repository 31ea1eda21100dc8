// The stylesheet belongs to the entry: the build writes it as a <link> in the page's head.
import 'shared-ui/styles.css';
import { warmUpIntl } from './lib/intl-warm-up.js';
import { nextTask } from './lib/next-task.js';

// First: a worker loads the browser's Intl data while the page starts (its remotes and first reads
// still on their way), before the first render formats a price or a date.
warmUpIntl();

// The async boundary lets Module Federation negotiate the shared singletons before React loads.
// Start-up then evaluates the kit, starts the page's first reads, evaluates React's renderer and the
// app, starts the page's code and renders, each in a task of its own (next-task.ts). The app is in this
// script ('eager'), not a chunk of its own: one request fewer between the page and its first render.
void (async () => {
  // The kit's own shared modules before the kit (the router, react-bootstrap's components, SWR):
  // evaluated inside the kit's step, they made it the longest task of the start.
  const modules = [
    () => import('shared-ui/router'),
    () => import('shared-ui/bootstrap'),
    () => import('swr'),
    () => import('shared-ui'),
    // The page's first reads need the kit alone: they leave before React's renderer and the app are
    // evaluated (React itself comes with the router).
    () =>
      import(/* webpackMode: "eager" */ './app/start-reads.js').then((reads) => {
        try {
          reads.startReads();
        } catch (error) {
          // A read started early only saves time: the page starts without it, and the error is reported.
          reportError(error);
        }
      }),
    () => import('react-dom/client'),
  ];
  for (const load of modules) {
    await nextTask();
    await load();
  }
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
