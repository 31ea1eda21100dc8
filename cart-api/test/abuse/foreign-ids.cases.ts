import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Ownership } from 'service-kit';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import { documentForm } from '../helpers/documents.js';
import { seededTestApp, snapshot, type PartyName } from '../helpers/parties.js';
import { RECORD_OF, routeCollector, type RegisteredRoute } from '../helpers/routes.js';

/**
 * Issue 21 item 8, the hostile suite: no answer tells a foreign id from one that names nothing. A
 * record the caller may not see answers 404 before its query or body is read (service-kit's route
 * contract asks the ownership policy first), and the ids a body names (a client, a renewed document)
 * are refused alike whether they name another's record or none.
 */
describe('foreign ids and unknown ids', () => {
  const routes = new Map<string, RegisteredRoute>();
  const suite = seededTestApp(routeCollector(routes));

  /** The callers who own records, and whose records are foreign to them. */
  const CALLERS: [PartyName, PartyName][] = [
    ['brokerA', 'brokerB'],
    ['employerA', 'employerB'],
  ];

  /** A value for each path parameter besides the record the ownership names. */
  function otherParams(
    route: RegisteredRoute,
    party: PartyName,
    callerUserId: string,
  ): Record<string, string> {
    const records = suite.parties.records[party];
    const values: Record<string, string> = {
      userId: callerUserId,
      code: suite.parties.unappliedCode,
      section: 'plan-doc',
      reasonCode: 'N1',
      partnerId: suite.parties.partnerId,
      documentId: records.documentId,
      archiveId: records.archiveId,
      resultId: records.ndtResultId,
    };
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
    return Object.fromEntries(names.map((name) => [name, values[name] ?? randomUUID()]));
  }

  /** An input the route's schemas refuse: an unknown body field, or an unknown query field. */
  function badInput(route: RegisteredRoute): { query: string; payload?: object } {
    if (route.schema.body) return { query: '', payload: { zzUnknown: 1 } };
    return { query: '?zzUnknown=1' };
  }

  it('answers a foreign id with a bad input exactly as an unknown id: 404, before the input is read', async () => {
    const owned = [...routes.values()].filter(
      (route): route is RegisteredRoute & { ownership: Ownership } => route.ownership !== 'none',
    );
    expect(owned.length).toBeGreaterThanOrEqual(30);
    const seen: string[] = [];
    const wanted: string[] = [];
    let compared = 0;
    for (const route of owned) {
      for (const [callerName, foreignParty] of CALLERS) {
        const caller = suite.parties.accounts[callerName];
        const group = callerName.startsWith('broker') ? 'broker' : 'epop';
        // Another role group is refused (403) before any record or input is looked at.
        if (!Array.isArray(route.access) || !route.access.includes(group)) continue;
        const { resource, param } = route.ownership;
        const named = [resource].flat()[0]!;
        expect([route.url, RECORD_OF[named]]).toEqual([route.url, expect.any(String)]);
        const foreignId = suite.parties.records[foreignParty][RECORD_OF[named]!];
        const params = otherParams(route, foreignParty, caller.userId);
        const { query, payload } = badInput(route);
        const urlFor = (id: string) =>
          Object.entries({ ...params, [param]: id }).reduce(
            (url, [name, value]) => url.replace(`:${name}`, value),
            route.url,
          ) + query;
        const send = async (id: string) =>
          suite.ctx.app.inject({
            method: route.method as 'GET' | 'POST' | 'DELETE',
            url: urlFor(id),
            headers: { authorization: await suite.ctx.bearer(caller) },
            ...(payload ? { payload } : {}),
          });
        const before = await snapshot(suite.ctx.db);
        const foreign = await send(foreignId);
        const unknown = await send(randomUUID());
        expect(await snapshot(suite.ctx.db)).toEqual(before);
        const label = `${callerName} ${route.method} ${route.url}${query}${payload ? ' with a bad body' : ''}`;
        seen.push(
          `${label}: foreign ${foreign.statusCode} ${foreign.body}; unknown ${unknown.statusCode} ${unknown.body}`,
        );
        wanted.push(`${label}: foreign 404 ${unknown.body}; unknown 404 ${unknown.body}`);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(40);
    expect(seen).toEqual(wanted);
  }, 120_000);

  it('refuses a client or a renewed document a body names alike, whether it is another’s or no one’s', async () => {
    const { accounts, records } = suite.parties;
    const cartItem = (json: Record<string, unknown>) => ({
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: documentForm(json),
      userId: accounts.brokerA.userId,
    });
    const before = await snapshot(suite.ctx.db);
    for (const [field, foreignId] of [
      ['clientId', records.brokerB.companyId],
      ['originalDocumentId', records.brokerB.documentId],
    ] as const) {
      for (const [method, url, body] of [
        ['POST', '/shopping-cart', (json: Record<string, unknown>) => cartItem(json)],
        [
          'POST',
          '/action-item/document-invite',
          (json: Record<string, unknown>) => ({
            firstname: 'Ora',
            lastname: 'Cle',
            email: 'ora.cle@example.test',
            companyName: 'Oracle Co',
            attributes: [],
            document: documentForm(json),
          }),
        ],
      ] as const) {
        const foreign = await suite.ctx.send(accounts.brokerA, method, url, body({ [field]: foreignId }));
        const unknown = await suite.ctx.send(accounts.brokerA, method, url, body({ [field]: randomUUID() }));
        expect([url, field, foreign.statusCode, foreign.json()]).toEqual([
          url,
          field,
          unknown.statusCode,
          unknown.json(),
        ]);
        expect([url, field, unknown.statusCode]).toEqual([url, field, 404]);
      }
    }
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
