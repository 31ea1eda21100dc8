// The stylesheet belongs to the entry: the build writes it as a <link> in the page's head.
import 'shared-ui/styles.css';

/** The end of the current task: the browser may paint and answer input before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The async boundary lets Module Federation negotiate the shared singletons before React loads.
// Start-up evaluates React, then the kit, then the app, each in a task of its own: one task of them
// all held a phone's main thread for about 250 ms (Lighthouse's total blocking time). The app is in
// this script ('eager'), not a chunk of its own: one request fewer between the page and its first render.
void (async () => {
  await import('react-dom/client');
  await nextTask();
  await import('shared-ui');
  await nextTask();
  await import(/* webpackMode: "eager" */ './bootstrap.js');
})();
