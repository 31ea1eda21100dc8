// One webpack configuration for the shell (host) and every remote, so the federation wiring
// (ARCHITECTURE.md "Micro-frontends") is written once: no remotes at build time, async startup,
// 'loaded-first' sharing and the same singleton list everywhere.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const require = createRequire(import.meta.url);
/** Publishes the shell's federation runtime as the global the remotes' entries use (`externalRuntime`). */
const RUNTIME_PROVIDER = fileURLToPath(
  import.meta.resolve('@module-federation/inject-external-runtime-core-plugin'),
);
/** Remote entries at the browser's priority for an async script (entry-priority-plugin.js). */
const ENTRY_PRIORITY = fileURLToPath(new URL('./entry-priority-plugin.js', import.meta.url));
const sharedUiPackage = require('../package.json');

/** Versions of the singletons come from the workspace catalog (one version per library). */
function versionOf(pkg, from = require) {
  return from(`${pkg}/package.json`).version;
}

/**
 * shared-domain's dependencies, as its code (bundled into every app) resolves them. From its folder,
 * not its entry: that is its build (`dist`), missing before shared-domain is built (a dev server).
 */
const sharedDomainRequire = createRequire(
  new URL('../node_modules/shared-domain/package.json', import.meta.url),
);

/**
 * date-fns and its time zones, by the modules shared-domain imports: its dates (the product's day, the
 * plan year, the form's date rules) run in the shell and in a remote on one page, and each build
 * carried its own copy (the order form fetched format and parse twice: 10 KB brotli). Not singletons:
 * the functions hold no state, so a remote built against a newer minor takes its own copy. Eager in
 * the shell are those its first script runs anyway (the product's day); the others are chunks of the
 * shell a remote's page loads beside its own.
 */
export const DATE_MODULES = {
  'date-fns/format': true,
  'date-fns/addDays': true,
  'date-fns/differenceInCalendarDays': true,
  '@date-fns/tz': true,
  'date-fns/parse': false,
  'date-fns/isValid': false,
  'date-fns/addYears': false,
  'date-fns/isBefore': false,
};

function dateModules(eager) {
  return Object.fromEntries(
    Object.entries(DATE_MODULES).map(([request, atStart]) => {
      const pkg = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0];
      const version = versionOf(pkg, sharedDomainRequire);
      return [request, { eager: eager && atStart, version, requiredVersion: `^${version}` }];
    }),
  );
}

/**
 * The shared singletons, each subpath listed: webpack matches shared modules by request, so
 * `react/jsx-runtime` is not covered by `react`. formik and yup are deliberately not shared.
 * `eager` (the shell, which provides them): what every page starts with is in the shell's main
 * chunk, not fetched in waves after it (runtime, then the shared modules, then the app's chunks).
 * @param {{ eager?: boolean }} [options]
 */
export function sharedModules({ eager = false } = {}) {
  const singleton = (pkg) => ({ singleton: true, eager, requiredVersion: `^${versionOf(pkg)}` });
  const sharedUi = {
    singleton: true,
    eager,
    version: sharedUiPackage.version,
    requiredVersion: `^${sharedUiPackage.version}`,
  };
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react/jsx-dev-runtime': { ...singleton('react'), eager: false },
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    swr: singleton('swr'),
    'shared-ui': sharedUi,
    // The router, trimmed to what the apps use (shared-ui/src/router.ts): shared by its own name,
    // react-router was whole in the shell's first script (a shared module is never tree-shaken).
    'shared-ui/router': sharedUi,
    // react-bootstrap's components, the same way (shared-ui/src/bootstrap.ts).
    'shared-ui/bootstrap': sharedUi,
    // The form kit: its own shared module, loaded by the first form on the page (never by the sign-in page).
    'shared-ui/forms': { ...sharedUi, eager: false },
    ...dateModules(eager),
  };
}

/** Text assets the gateway serves precompressed (`@fastify/static` `preCompressed`). */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|ico|xml|webmanifest)$/;

/**
 * `.br` (quality 11) and `.gz` (level 9) beside each text asset: compressed once at build time at the
 * highest levels, so the gateway never compresses per request. A file that does not shrink by 20%
 * (minRatio 0.8) gets no sibling and is served as is.
 */
function compressionPlugins() {
  return [
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
    }),
    new CompressionPlugin({
      test: COMPRESSIBLE,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

/** The file a remote's build emits with what the registry records per version (gateway `publish-remote`). */
export const REMOTE_MANIFEST_FILE = 'pop-remote.json';
/** The file the shell's build emits with the singleton versions it provides (gateway `publish-remote`). */
export const SHELL_MANIFEST_FILE = 'pop-shell.json';

/**
 * The packages whose one copy the shell provides to every remote (subpaths are the same package), and
 * the federation runtime: a remote's production entry runs on the shell's (`externalRuntime`), so the
 * gateway requires the same minor of it.
 */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'swr',
  'shared-ui',
  '@module-federation/enhanced',
];

/**
 * The package.json of `pkg` as `appRequire` resolves it: by its `package.json` subpath, or, for a
 * package whose exports do not list it (@module-federation/enhanced), the folder above its entry.
 */
function packageJsonOf(appRequire, pkg) {
  try {
    return appRequire.resolve(`${pkg}/package.json`);
  } catch (error) {
    if (error?.code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    let dir = path.dirname(appRequire.resolve(pkg));
    while (
      !existsSync(path.join(dir, 'package.json')) ||
      require(path.join(dir, 'package.json')).name !== pkg
    ) {
      const parent = path.dirname(dir);
      if (parent === dir) throw new Error(`no package.json of ${pkg} above its entry`);
      dir = parent;
    }
    return path.join(dir, 'package.json');
  }
}

/**
 * The version of each shared package this app's build bundles: the package.json webpack finds from
 * the app's own folder (its dependency, as the app's imports resolve it), shared-ui's workspace
 * version for shared-ui. `publish-remote` compares a remote's record with the shell's.
 * @param {string} dirname the app's folder
 * @returns {Record<string, string>}
 */
export function sharedVersions(dirname) {
  const appRequire = createRequire(path.join(dirname, 'package.json'));
  const versions = {};
  for (const pkg of SHARED_PACKAGES) {
    if (pkg === 'shared-ui') versions[pkg] = sharedUiPackage.version;
    else {
      let file;
      try {
        file = packageJsonOf(appRequire, pkg);
      } catch {
        // Not a direct dependency of the app: the copy shared-ui (which imports it) resolves.
        file = packageJsonOf(require, pkg);
      }
      versions[pkg] = require(file).version;
    }
  }
  return versions;
}

/** The JavaScript files of a chunk group's chunks, in load order. */
function jsFilesOf(chunkGroup) {
  return chunkGroup.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

/**
 * The share keys the modules of these chunks consume, with the version this build provides of each
 * (`provided`: provideModules').
 */
function consumedShares(compilation, chunks, provided) {
  const shared = {};
  for (const chunk of chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const key = module.options.shareKey;
      if (provided.has(key)) shared[key] = provided.get(key)._version;
    }
  }
  return shared;
}

/** The modules this build provides to the share scope: share key → its provide module. */
function provideModules(compilation) {
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') provided.set(module._name, module);
  }
  return provided;
}

/**
 * What a page of a remote's sections loads first (`preload` of pop-remote.json): the files of its
 * `./App` (the shell renders a section with it) and the shared modules those files take from the page,
 * with the version this build would bring of each. The gateway names them in the section's page
 * beside the shell's script, so they are not asked for in two more waves after it (shell-page.ts).
 */
function sectionPreload(compilation) {
  const provided = provideModules(compilation);
  // The container entry's blocks, one per exposed module (ContainerExposedDependency).
  for (const module of compilation.modules) {
    for (const block of module.blocks) {
      if (block.dependencies[0]?.exposedName !== './App') continue;
      const group = compilation.chunkGraph.getBlockChunkGroup(block);
      if (!group) continue;
      return { files: jsFilesOf(group), shared: consumedShares(compilation, group.chunks, provided) };
    }
  }
  return undefined;
}

/**
 * The shell's files of each shared module it provides lazily (`sharedFiles` of pop-shell.json): its own
 * chunks' files, its version, and the lazy shared modules it takes in turn (`takes`: the form kit takes
 * the date functions it parses with). The gateway follows `takes` itself, checking each module's
 * version against the remote's. Eager ones are in the shell's first script.
 */
function lazySharedFiles(compilation) {
  const provided = provideModules(compilation);
  const files = {};
  for (const [key, module] of provided) {
    const group = module.blocks[0] && compilation.chunkGraph.getBlockChunkGroup(module.blocks[0]);
    if (!group) continue;
    const takes = Object.keys(consumedShares(compilation, group.chunks, provided)).filter(
      (taken) => taken !== key,
    );
    files[key] = { version: module._version, files: jsFilesOf(group), takes };
  }
  return files;
}

/**
 * Emits the build's manifest: a remote's `pop-remote.json` (`{"sections": [...], "shared": {...},
 * "preload": {...}}`: the first path segments it owns, from the package.json `pop.sections` field, the
 * versions of the shared singletons it was built against, and what its sections' pages load first), or
 * the shell's `pop-shell.json` (`{"shared": {...}, "sharedFiles": {...}}`: the versions it provides,
 * and the files of those it provides lazily). The build carries them, so a new section ships with its
 * remote alone and `publish-remote` refuses a remote the deployed shell cannot host.
 */
class PopManifestPlugin {
  /**
   * @param {string} file
   * @param {Record<string, unknown>} content
   * @param {(compilation: import('webpack').Compilation) => Record<string, unknown>} [computed] what
   *   the compilation adds once its files have their final names
   */
  constructor(file, content, computed = () => ({})) {
    this.file = file;
    this.content = content;
    this.computed = computed;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PopManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the files are named by their real content hash, before compression (.br, .gz).
        { name: 'PopManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          const json = `${JSON.stringify({ ...this.content, ...this.computed(compilation) })}\n`;
          compilation.emitAsset(this.file, new sources.RawSource(json));
        },
      );
    });
  }
}

/** `pop.sections` of the app's package.json: lower-case path segments. */
function sectionsOf(dirname) {
  const { pop } = require(path.join(dirname, 'package.json'));
  const sections = pop?.sections ?? [];
  if (!Array.isArray(sections) || !sections.every((s) => /^[a-z0-9][a-z0-9-]*$/.test(s))) {
    throw new Error(`${dirname}/package.json: pop.sections must be a list of lower-case path segments`);
  }
  return sections;
}

/** Module Federation and the build's manifest (a remote's `pop-remote.json`, the shell's `pop-shell.json`). */
function federationPlugins({ dirname, name, exposes, isRemote, production }) {
  return [
    new ModuleFederationPlugin({
      name,
      ...(isRemote ? { filename: 'remoteEntry.js', exposes } : {}),
      // The shell learns its remotes at runtime from /remotes.json (registerRemotes).
      remotes: {},
      shared: sharedModules({ eager: !isRemote }),
      shareStrategy: 'loaded-first',
      // The plugin behind `provideExternalRuntime`, by its ES module: that option takes the CommonJS
      // file, which brings a second, CommonJS copy of the runtime (+87 KB in the shell's first script).
      ...(isRemote ? {} : { runtimePlugins: [RUNTIME_PROVIDER, ENTRY_PRIORITY] }),
      experiments: {
        asyncStartup: true,
        // One copy of the federation runtime per page: the shell (which exposes nothing) provides it
        // as a global, and a remote's production build uses that instead of carrying its own (its
        // entry is ~16 KB brotli lighter; its standalone page needs a shell). A development build
        // keeps its own, so `pnpm --filter <remote> dev` still runs standalone.
        ...(isRemote && production ? { externalRuntime: true } : {}),
        // Remote entries are scripts (never manifests) and run in a browser: the runtime's manifest
        // snapshot and Node code are left out.
        optimization: { disableSnapshot: true, target: 'web' },
      },
      dts: false,
      manifest: false,
    }),
    isRemote
      ? new PopManifestPlugin(
          REMOTE_MANIFEST_FILE,
          { sections: sectionsOf(dirname), shared: sharedVersions(dirname) },
          (compilation) => {
            const preload = sectionPreload(compilation);
            return preload ? { preload } : {};
          },
        )
      : new PopManifestPlugin(SHELL_MANIFEST_FILE, { shared: sharedVersions(dirname) }, (compilation) => ({
          sharedFiles: lazySharedFiles(compilation),
        })),
  ];
}

/**
 * @param {object} options
 * @param {string} options.dirname the app's folder (its package.json, src/, dist/)
 * @param {string} options.name federation name ('shell', 'mf_admin', ...)
 * @param {Record<string, string>} [options.exposes] modules a remote exposes ('./App': './src/app/App.tsx')
 * @param {number} options.devPort dev server port
 * @param {string} [options.title] title of the standalone page
 * @param {boolean} [options.federation] false: a plain single-page build with the same loaders,
 *   minifier and compression (the bench's baseline page, bench/README.md "Lighthouse")
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
export function createWebpackConfig({ dirname, name, exposes, devPort, title = name, federation = true }) {
  return (_env, argv = {}) => {
    const production = (argv.mode ?? process.env.NODE_ENV) === 'production';
    const gateway = process.env.GATEWAY_URL ?? 'http://localhost:3000';
    const isRemote = exposes !== undefined && Object.keys(exposes).length > 0;

    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: './src/index.ts' },
      target: 'web',
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        // 'auto': chunks load next to the script that asked for them, so a remote works from its
        // immutable /remotes/<package>/<version>/ folder and from its own dev server alike.
        publicPath: 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // Our sources import './x.js' (ESM style) for files that are really x.ts / x.tsx.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      },
      module: {
        rules: [
          {
            // Workspace packages (shared-ui, shared-domain) are consumed from their TypeScript
            // source: 'source' comes first, but only for imports made by our own code. Some
            // libraries (react-aria, via react-bootstrap) publish a 'source' condition too, which
            // points at TypeScript webpack must not compile.
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            resolve: { conditionNames: ['source', '...'] },
          },
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: { react: { runtime: 'automatic', development: !production } },
                },
              },
            },
          },
          {
            // Extracted into .css files: an entry's stylesheet is a <link> in the page's head, loaded
            // beside the scripts and parsed by the browser, not a string evaluated and injected by JS.
            test: /\.css$/,
            use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')],
          },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        ...(federation ? federationPlugins({ dirname, name, exposes, isRemote, production }) : []),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        new HtmlWebpackPlugin({
          title,
          // Absolute script paths: the page is served for deep links (/admin/clients) too.
          publicPath: '/',
          templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${htmlWebpackPlugin.options.title}</title>
    <!-- No icon of its own: without this line the browser asks /favicon.ico on every visit (a 404). -->
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
        }),
        ...(production ? compressionPlugins() : []),
      ],
      optimization: {
        minimize: production,
        // swc's minifier: an order of magnitude faster than terser on 2 cores, similar output.
        minimizer: [
          new MinimizerPlugin({
            minify: { implementation: MinimizerPlugin.swcMinify, options: {} },
            extractComments: false,
          }),
        ],
        moduleIds: production ? 'deterministic' : 'named',
        splitChunks: {
          cacheGroups: {
            // A lazy chunk keeps its libraries (the form kit with formik): one request, not two.
            defaultVendors: false,
            // The shell's date-fns modules a page asks for after start (the form's parse, isValid,
            // addYears, isBefore, each a shared module): one chunk, not one request each. Not in a
            // remote: its copies are fallbacks, each loaded alone when the shell's version will not do.
            ...(isRemote
              ? {}
              : {
                  lazyDates: {
                    test: /[\\/]node_modules[\\/](date-fns|@date-fns)[\\/]/,
                    chunks: 'async',
                    name: 'dates',
                    enforce: true,
                  },
                }),
          },
        },
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn' },
      devServer: {
        port: devPort,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        // The shell's dev server may load this remote's remoteEntry.js from another port.
        headers: { 'Access-Control-Allow-Origin': '*' },
        client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
        proxy: [
          {
            context: ['/api', '/bff', '/remotes.json', '/remotes'],
            target: gateway,
            // Keep the browser's Host so the gateway's same-origin and cookie rules hold.
            changeOrigin: false,
          },
        ],
      },
    };
  };
}
