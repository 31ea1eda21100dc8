import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface UnreadBodyOptions {
  /**
   * The longest declared body whose unread rest is read and thrown away after an early answer (the
   * largest body the gateway accepts anywhere). A longer one, or one of unknown length (chunked),
   * closes the connection instead.
   */
  drainLimit: number;
}

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return raw.headers['transfer-encoding'] !== undefined;
}

/**
 * Whether the body had not all arrived and been parsed when the answer went out. `complete` is a real
 * socket's; fastify.inject's requests have no socket to keep alive and no `complete`.
 */
function unread(raw: IncomingMessage): boolean {
  return raw.complete === false && hasBody(raw);
}

/**
 * An answer sent before the request's body was read (a refusal in a hook: 401, 403, 413, 415, 429,
 * 400; an upstream that failed or answered before taking the body) must not leave its keep-alive
 * connection waiting for a body nobody reads: the next request on it would wait for the keep-alive
 * timeout (72 s). Node throws an untouched body away itself, but not one a stream already started to
 * read (the proxy's body counter): so the rest of a body of declared, acceptable length is read and
 * thrown away after the answer, and any other body closes the connection (`Connection: close`).
 */
async function unreadBody(app: FastifyInstance, options: UnreadBodyOptions) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    if (unread(raw)) {
      const declared = raw.headers['content-length'];
      if (declared === undefined || Number(declared) > options.drainLimit)
        reply.header('connection', 'close');
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    const raw = request.raw;
    if (unread(raw)) {
      // Whoever read it (the proxy's counter, an upstream that gave up) reads no more: discard the rest.
      raw.unpipe();
      raw.resume();
    }
    done();
  });
}

export default fp(unreadBody, { name: 'unread-body' });
