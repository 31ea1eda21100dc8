// The Lighthouse bench's baseline page (bench/baseline-page): built with shared-ui's webpack
// configuration without federation, and served as the gateway serves the shell (precompressed
// siblings, `no-cache` page, immutable hashed files), so the two differ only in the app itself.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import webpack from 'webpack';
import { repoRoot } from './paths.mjs';

const dir = join(repoRoot, 'bench/baseline-page');

/** Builds the baseline page (production mode) into bench/baseline-page/dist. */
export async function buildBaselinePage() {
  const { default: createConfig } = await import(join(dir, 'webpack.config.js'));
  const compiler = webpack(createConfig({}, { mode: 'production' }));
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  return join(dir, 'dist');
}

/** Serves `distDir` on 127.0.0.1:`port`; answers the server (close() stops it). */
export async function serveBaselinePage(distDir, port) {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root: distDir,
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply, path) =>
      reply.header(
        'cache-control',
        /\.[0-9a-f]{10}\.js/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  app.get('/', (_request, reply) => reply.sendFile('index.html', { cacheControl: false }));
  await app.listen({ host: '127.0.0.1', port });
  return app;
}
