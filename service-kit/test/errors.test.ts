import { afterEach, describe, expect, it } from '@jest/globals';
import { createService, HttpError, tooManyRequests, type Service } from '../src/index.js';

let app: Service | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A service with one public route that throws what `refusal` makes. */
async function throwing(refusal: () => Error): Promise<Service> {
  app = await createService({
    logger: false,
    exposeStackTraces: false,
    openApi: { title: 't', version: '1' },
  });
  app.get('/refused', async () => {
    throw refusal();
  });
  await app.ready();
  return app;
}

describe('the error handler carries an HttpError’s headers', () => {
  it('answers tooManyRequests as 429 {message} with Retry-After in whole seconds', async () => {
    const service = await throwing(() => tooManyRequests('Too many sends: try again in 2 minutes', 90.2));
    const answer = await service.inject({ method: 'GET', url: '/refused' });
    expect([answer.statusCode, answer.json(), answer.headers['retry-after']]).toEqual([
      429,
      { message: 'Too many sends: try again in 2 minutes' },
      '91',
    ]);
  });

  it('never answers a Retry-After below one second', async () => {
    const service = await throwing(() => tooManyRequests('Wait', 0));
    expect((await service.inject({ method: 'GET', url: '/refused' })).headers['retry-after']).toBe('1');
  });

  it('adds any header an HttpError names, and none when it names none', async () => {
    const service = await throwing(() => new HttpError(409, 'Changed', { 'x-reason': 'stale' }));
    const answer = await service.inject({ method: 'GET', url: '/refused' });
    expect([answer.statusCode, answer.json(), answer.headers['x-reason']]).toEqual([
      409,
      { message: 'Changed' },
      'stale',
    ]);
    await app!.close();
    const plain = await throwing(() => new HttpError(404, 'Gone'));
    const missing = await plain.inject({ method: 'GET', url: '/refused' });
    expect([missing.statusCode, missing.headers['retry-after'], missing.headers['x-reason']]).toEqual([
      404,
      undefined,
      undefined,
    ]);
  });
});
