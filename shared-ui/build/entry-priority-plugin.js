// A federation runtime plugin of the shell (shared-ui/build/webpack.js `runtimePlugins`): a remote's
// entry script is requested at the browser's priority for an async script, not at the 'high' the
// runtime asks for by default. The entries of a signed-in home start before React's first render;
// at 'high' they took bandwidth from the page's own stylesheet and script and counted as
// render-blocking (Lighthouse's broker's home: first paint 0.9 s or 1.6 s, by which finished first).
// The page's own content needs them once its script has run, by which time nothing else competes.
export default function entryPriorityPlugin() {
  return {
    name: 'pop-entry-priority',
    createScript({ url }) {
      // Runs in the browser (the shell's federation runtime); this folder is linted as Node code.
      const script = globalThis.document.createElement('script');
      script.src = url;
      return script;
    },
  };
}
