import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildApp as buildIdentityApi } from 'identity-api/app';
import { loadConfig as identityApiConfig } from 'identity-api/config';
import type { ContractRoute, Service } from 'service-kit';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { PUBLIC_ROUTES, routeApi, type Upstream } from '../src/routing.js';

/**
 * Routes a service opens to anyone that the gateway keeps closed to guests, on purpose. Nothing else
 * may differ: a route a service makes public is public at the gateway, and the gateway opens nothing
 * a service does not (issue 20 item 5: one source per contract fact).
 */
const CLOSED_AT_THE_GATEWAY: Readonly<Record<string, string>> = {
  // The services' liveness, for the gateway's own probes (GET /healthz); the browser has no use for it.
  'GET healthz': 'the gateway answers GET /healthz itself, from both services’ probes',
};

/**
 * cart-api, loaded without its types: it decorates `app.identity` with its own client, the gateway with
 * another, and one program cannot hold both augmentations of Fastify.
 */
interface CartApi {
  buildApp(config: unknown, options: { logger: false }): Promise<Service>;
  loadConfig(env: Record<string, string>): unknown;
}
async function loadCartApi(): Promise<CartApi> {
  const [app, config] = await Promise.all([
    import('cart-api/app' as string),
    import('cart-api/config' as string),
  ]);
  return { buildApp: app.buildApp, loadConfig: config.loadConfig } as CartApi;
}

/** `user/:userId/token/:token` → `user/:/token/:`: parameter names differ between the two lists. */
const shape = (method: string, pattern: string) =>
  `${method} ${pattern.replace(/^\/+/, '').replace(/:[^/]+/g, ':')}`;

/** The route's own guest access, as the gateway sees it: `optional` lets a guest call it too. */
const guestMayCall = (route: ContractRoute) => route.access === 'public' || route.access === 'optional';

describe("the gateway's public routes are the services' public routes", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-public-routes-'));
  const databases: TestDatabase[] = [];
  const services: Partial<Record<Upstream, Service>> = {};

  beforeAll(async () => {
    const identityDb = await createTestDatabase();
    const cartDb = await createTestDatabase();
    databases.push(identityDb, cartDb);
    services.identity = await buildIdentityApi(
      identityApiConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: identityDb.url }),
      { logger: false },
    );
    const cartApi = await loadCartApi();
    services.cart = await cartApi.buildApp(
      cartApi.loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: cartDb.url,
        OUTBOX_DIR: join(dataDir, 'outbox'),
        JOBS_POLL_MS: '0',
        PAYMENT_GATEWAY: 'sandbox',
      }),
      { logger: false },
    );
    await Promise.all([services.identity.ready(), services.cart.ready()]);
  });
  afterAll(async () => {
    await services.identity?.close();
    await services.cart?.close();
    for (const database of databases) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Each service's guest routes that the routing table sends to that service, as the gateway writes them. */
  function servicesGuestRoutes(): string[] {
    const open: string[] = [];
    for (const upstream of ['identity', 'cart'] as const) {
      for (const route of services[upstream]!.contractRoutes) {
        const path = route.url.replace(/^\/+/, '');
        // A path the gateway sends elsewhere is not this service's at /api (e.g. identity-api's `user/:id/company`).
        if (routeApi(route.method, path.replace(/:/g, '')).upstream !== upstream) continue;
        if (guestMayCall(route)) open.push(shape(route.method, path));
      }
    }
    return open.filter((route) => !(route in CLOSED_AT_THE_GATEWAY)).sort();
  }

  it('holds PUBLIC_ROUTES equal to the routes the services open to guests', () => {
    const gateway = PUBLIC_ROUTES.map((route) => shape(route.method, route.pattern)).sort();
    expect(gateway).toEqual(servicesGuestRoutes());
  });

  it('closes only routes a service opens, each for a stated reason', () => {
    const opened = new Set(
      (['identity', 'cart'] as const).flatMap((upstream) =>
        services[upstream]!.contractRoutes.filter(guestMayCall).map((route) =>
          shape(route.method, route.url),
        ),
      ),
    );
    for (const route of Object.keys(CLOSED_AT_THE_GATEWAY)) expect(opened).toContain(route);
  });

  it('sees every route of both services (the list is not empty by mistake)', () => {
    expect(services.identity!.contractRoutes.length).toBeGreaterThan(10);
    expect(services.cart!.contractRoutes.length).toBeGreaterThan(50);
    // A signed-in route is not a guest's at the gateway either.
    expect(routeApi('GET', 'order').public).toBe(false);
    expect(services.cart!.contractRoutes).toContainEqual(
      expect.objectContaining({ method: 'GET', url: '/order', access: expect.any(Array) }),
    );
  });
});
