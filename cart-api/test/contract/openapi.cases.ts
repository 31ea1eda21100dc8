import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { buildTestApp, type TestContext } from '../helpers/build.js';
import { routeCollector, type RegisteredRoute } from '../helpers/routes.js';

interface Operation {
  summary?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

describe('GET /openapi.json', () => {
  let ctx: TestContext;
  const routes = new Map<string, RegisteredRoute>();

  beforeAll(async () => {
    ctx = await buildTestApp({}, routeCollector(routes));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lists every route at the path the gateway forwards, with its schemas, access and errors', async () => {
    const response = await ctx.app.inject({ url: '/openapi.json' });
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const registered = [...routes.values()].map(
      (route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(listed.sort()).toEqual(registered.sort());

    for (const route of routes.values()) {
      const operation = document.paths[route.url.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      expect(operation.summary).toEqual(expect.any(String));
      expect(operation.description).toMatch(/^Access: .*Ownership: /s);
      expect(operation.description!.match(/Access:/g)).toHaveLength(1);
      expect(Object.keys(operation.responses).some((code) => code.startsWith('2'))).toBe(true);
      expect(operation.responses['500']).toBeDefined();
      const parameters = (operation.parameters ?? []).map((parameter) => `${parameter.in} ${parameter.name}`);
      for (const name of Object.keys(route.schema.params?.properties ?? {})) {
        expect(parameters).toContain(`path ${name}`);
      }
      if (route.schema.body) expect(operation.requestBody).toBeDefined();
    }
  });
});
