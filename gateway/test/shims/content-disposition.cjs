// Jest cannot require() an ES module (Node 20 can), and @fastify/static 10 requires content-disposition 3,
// which is ESM-only. The gateway never sends downloads through @fastify/static, so under Jest the
// module is replaced by this stand-in; a call to it fails loudly instead of passing silently.
'use strict';
function unavailable() {
  throw new Error('content-disposition is not available under Jest (see test/shims/content-disposition.cjs)');
}
module.exports = { create: unavailable, parse: unavailable };
