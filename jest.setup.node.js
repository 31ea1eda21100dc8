// Node test files (jest.base.js). Fastify names each plugin it registers, twice per registration: by
// its display name (`Symbol.for('fastify.display-name')`, which fastify-plugin sets), else by the key of
// the `require.cache` entry whose exports are the plugin, else by the function's name. Under Jest,
// `require.cache` is a proxy over every module the test file loaded (1,400 for cart-api) that turns
// each path into a URL and back at each access, and the services' own plugins (route folders, inner
// plugins) have no display name: each app a test built scanned it some 70 times, a quarter to a third
// of the CPU time of the API suites. Those plugins are ES modules' exports or inner functions, which no
// `require.cache` entry exports (under Node as under Jest), so the scan ends at the function's name
// anyway: here a function without a display name of its own answers its name at once. fastify-plugin
// still sets a plugin's own display name, which wins.
const DISPLAY_NAME = Symbol.for('fastify.display-name');

Object.defineProperty(Function.prototype, DISPLAY_NAME, {
  configurable: true,
  get() {
    return this.name || undefined;
  },
  set(value) {
    Object.defineProperty(this, DISPLAY_NAME, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  },
});
