// jsdom with the Fetch API of Node itself (Request, Response, Headers, fetch, streams): the typed API
// client (openapi-fetch) builds Request objects, which jsdom lacks. One implementation for all of
// them, so a Response a test builds is the same class the client reads. CommonJS: Jest loads test
// environments untransformed.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file */
const { createRequire } = require('node:module');
const { join } = require('node:path');

// Each web package installs jest-environment-jsdom itself: a test file gets its package's (the Jest
// project's rootDir), whether Jest runs in that package's folder or for the whole workspace (`pnpm
// test:unit`, the root jest.config.js).
const environments = new Map();

function environmentOf(rootDir) {
  if (environments.has(rootDir)) return environments.get(rootDir);
  const packageRequire = createRequire(join(rootDir, 'package.json'));
  const { TestEnvironment: JSDOMEnvironment } = packageRequire('jest-environment-jsdom');
  const Environment = class FetchJSDOMEnvironment extends JSDOMEnvironment {
    constructor(...args) {
      super(...args);
      const page = this.global;
      // Node's Request needs an absolute URL; a browser resolves a relative one against the page.
      class PageRequest extends Request {
        constructor(input, init) {
          super(typeof input === 'string' ? new URL(input, page.location.href) : input, init);
        }
      }
      Object.assign(this.global, {
        fetch,
        Request: PageRequest,
        Response,
        Headers,
        FormData,
        Blob,
        ReadableStream,
        AbortController,
        AbortSignal,
        structuredClone,
      });
    }
  };
  environments.set(rootDir, Environment);
  return Environment;
}

// Jest creates the environment with `new`: a constructor that returns an object makes that object.
module.exports = function FetchJSDOMEnvironment(config, context) {
  const Environment = environmentOf(config.projectConfig.rootDir);
  return new Environment(config, context);
};
