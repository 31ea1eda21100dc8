import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { CLAIM_EXAMPLE } from '../../src/contract/action-item.js';
import { invitationTokenHash } from '../../src/domain/action-items/claim.js';
import { LOGIN_SYSTEM_MESSAGE } from '../../src/db/reference-data.js';
import { planYearAfter } from '../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../helpers/parties.js';
import { RECORD_OF, routeCollector, type JsonSchema, type RegisteredRoute } from '../helpers/routes.js';
import { companyRow, daysFromToday, documentRow } from '../helpers/rows.js';

/**
 * The malformed-input sweep (issue 8, acceptance): every route with a body, a query or path
 * parameters gets wrong types, unknown fields, missing fields, 100 KB strings, nested objects and
 * arrays where values belong, and 400-digit numbers, each on an otherwise valid request (which
 * must succeed first, so each refusal is the malformed part's). Each answers 400 in the catalogue
 * format, never 500, and changes nothing. Built from the registered routes' schemas: a new route
 * is swept without a line here.
 */
const HUNDRED_KB = 'x'.repeat(100 * 1024);
const DIGITS_400 = '9'.repeat(400);

interface Probe {
  what: string;
  url: string;
  /** Raw JSON text, so a 400-digit number reaches the parser as written. */
  payload?: string;
}

const propertiesOf = (schema: JsonSchema | undefined) =>
  (schema?.properties ?? {}) as Record<string, JsonSchema>;
const requiredOf = (schema: JsonSchema | undefined) => (schema?.required ?? []) as string[];

/** A value the schema accepts: its example or default, else the simplest of its type. */
function validValue(schema: JsonSchema): unknown {
  if (Array.isArray(schema.examples)) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (schema.type) {
    case 'integer':
    case 'number':
      return (schema.minimum as number | undefined) ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return validObject(schema);
    default:
      return 'a'.repeat((schema.minLength as number | undefined) ?? 1);
  }
}

function validObject(schema: JsonSchema | undefined): Record<string, unknown> {
  const properties = propertiesOf(schema);
  return Object.fromEntries(requiredOf(schema).map((name) => [name, validValue(properties[name]!)]));
}

/** A value of another JSON type than the schema's. */
function wrongType(schema: JsonSchema): unknown {
  return schema.type === 'string' ? 12345 : 'not-a-number';
}

const queryString = (query: Record<string, unknown>) =>
  Object.entries(query)
    .flatMap(([name, value]) =>
      [value].flat().map((item) => `${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`),
    )
    .join('&');

/**
 * A new document's plan year may not start before the day it is ordered: the document an example
 * writes (an order form, an invitation's `document`, a cart item's `json`) gets one after today,
 * whatever day the test runs on (the examples' plan year is fixed).
 */
function withCurrentPlanYear(example: Record<string, unknown>): Record<string, unknown> {
  if ('currentPlanYearStartDate' in example) return { ...example, ...planYearAfter() };
  for (const key of ['document', 'json']) {
    const document = example[key];
    if (typeof document === 'object' && document !== null && 'currentPlanYearStartDate' in document) {
      return { ...example, [key]: { ...document, ...planYearAfter() } };
    }
  }
  return example;
}

function probesFor(
  route: RegisteredRoute,
  params: Record<string, string>,
  callerId: string | undefined,
): { valid: Probe; malformed: Probe[] } {
  const query = validObject(route.schema.querystring);
  // A body whose rules go beyond its structure (the order form) gives its example; a body naming
  // its owner (a cart item's userId) names the caller.
  const given = (route.schema.body?.examples as Record<string, unknown>[] | undefined)?.[0];
  const example = given && withCurrentPlanYear(given);
  const owned = example && 'userId' in example && callerId ? { ...example, userId: callerId } : example;
  const body = route.schema.body ? (owned ?? validObject(route.schema.body)) : undefined;
  const urlWith = (path: Record<string, string>, q: Record<string, unknown>, extra = '') => {
    const pathname = route.url.replace(/:(\w+)/g, (_m, name: string) => path[name]!);
    const search = [queryString(q), extra].filter(Boolean).join('&');
    return search ? `${pathname}?${search}` : pathname;
  };
  const url = urlWith(params, query);
  const json = (value: unknown) => JSON.stringify(value);
  const valid: Probe = { what: 'valid', url, ...(body ? { payload: json(body) } : {}) };
  const same = body ? { payload: json(body) } : {};
  const malformed: Probe[] = [];

  for (const name of Object.keys(propertiesOf(route.schema.params))) {
    const at = (value: string, what: string, encode = true) =>
      malformed.push({
        what: `param ${name}: ${what}`,
        url: urlWith({ ...params, [name]: encode ? encodeURIComponent(value) : value }, query),
        ...same,
      });
    at('not valid!', 'wrong format');
    at(DIGITS_400, '400-digit number');
    at('{"a":{"b":1}}', 'nested object');
    at('["a","b"]', 'array');
    at(HUNDRED_KB, '100 KB string');
    at('%E0%A4%A', 'broken percent-encoding', false);
  }

  const querySchema = route.schema.querystring;
  if (querySchema) {
    malformed.push({ what: 'query: unknown field', url: urlWith(params, query, 'zzUnknown=1'), ...same });
    for (const [name, schema] of Object.entries(propertiesOf(querySchema))) {
      const at = (value: unknown, what: string) =>
        malformed.push({
          what: `query ${name}: ${what}`,
          url: urlWith(params, { ...query, [name]: value }),
          ...same,
        });
      at(HUNDRED_KB, '100 KB string');
      if (schema.type !== 'string' || ((schema.maxLength as number | undefined) ?? Infinity) < 400) {
        at(DIGITS_400, '400-digit number');
      }
      if (schema.type !== 'string') at('not-a-number', 'wrong type');
      at(['a', 'b'], 'array');
      malformed.push({
        what: `query ${name}: nested object`,
        url: urlWith(params, query, `${encodeURIComponent(`${name}[a]`)}=1`),
        ...same,
      });
      // A field with a default is not missing: the default applies.
      if (requiredOf(querySchema).includes(name) && schema.default === undefined) {
        const { [name]: _dropped, ...rest } = query;
        malformed.push({ what: `query ${name}: missing`, url: urlWith(params, rest), ...same });
      }
    }
  }

  if (body) {
    const withBody = (what: string, payload: string) =>
      malformed.push({ what: `body: ${what}`, url, payload });
    withBody('unknown field', json({ ...body, zzUnknown: 'x' }));
    withBody('array where the object belongs', json([body]));
    withBody('string where the object belongs', json('text'));
    withBody('null', 'null');
    withBody('100 KB unknown field', json({ ...body, zz: HUNDRED_KB }));
    for (const [name, schema] of Object.entries(propertiesOf(route.schema.body))) {
      const field = (what: string, value: unknown) =>
        withBody(`${name}: ${what}`, json({ ...body, [name]: value }));
      field('wrong type', wrongType(schema));
      field('nested object', { a: { b: 1 } });
      field('array', [validValue(schema)]);
      field('100 KB string', HUNDRED_KB);
      withBody(
        `${name}: 400-digit number`,
        json({ ...body, [name]: '__N__' }).replace('"__N__"', DIGITS_400),
      );
      if (requiredOf(route.schema.body).includes(name)) {
        const { [name]: _dropped, ...rest } = body;
        withBody(`${name}: missing`, json(rest));
      }
    }
  }
  return { valid, malformed };
}

describe('the malformed-input sweep', () => {
  const routes = new Map<string, RegisteredRoute>();
  const suite = seededTestApp(routeCollector(routes));

  /** A caller the route lets through: compliance for role-group routes, nobody for public ones. */
  const callerFor = (route: RegisteredRoute): Account | undefined => {
    if (route.access === 'public' || route.access === 'optional') return undefined;
    // Compliance where the route lets it in; a broker on the routes of buyers (the cart).
    if (route.access.includes('compliance')) return suite.parties.accounts.compliance;
    expect(route.access).toContain('broker');
    return suite.parties.accounts.brokerA;
  };

  // A renewal needs a document ready for renewal: broker A's, ending in 30 days. 'Update invite'
  // needs an invite: one to employer A of broker A's Unpaid document.
  let readyDocumentId: string;
  let inviteItemId: string;
  // Remove from cart removes a second item of broker A's: the first stays for the purchases. The
  // cart-document route, swept after the purchase emptied the cart, reads a saved-for-later one.
  let spareCartItemId: string;
  let mailableDocumentId: string;
  let retiredDocumentId: string;
  let colonialDocumentId: string;
  let savedCartItemId: string;
  // A return file's job (pending: its answer is 202) for GET colonial/return-file/{jobId}.
  let returnFileJobId: string;
  // Deleting a strategic partner deletes this one, not the parties' partner the other routes name.
  let sparePartnerId: string;
  beforeAll(async () => {
    const spare = companyRow('Sweep Spare Partner', { kind: 'strategic-partner' });
    await suite.ctx.db.insertInto('company').values(spare).execute();
    sparePartnerId = spare.company_id;
    returnFileJobId = randomUUID();
    await suite.ctx.db
      .insertInto('job')
      .values({
        job_id: returnFileJobId,
        kind: 'process-return-file',
        payload: '{}',
        unique_key: null,
        state: 'pending',
        due_at: new Date().toISOString(),
        max_attempts: 5,
        locked_by: null,
        locked_until: null,
        last_error: null,
        result: null,
        created_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    const { records } = suite.parties;
    const [first] = await suite.ctx.db
      .selectFrom('cart_item')
      .selectAll()
      .where('cart_item_id', '=', records.brokerA.cartItemId)
      .execute();
    spareCartItemId = randomUUID();
    savedCartItemId = randomUUID();
    await suite.ctx.db
      .insertInto('cart_item')
      .values([
        { ...first!, cart_item_id: spareCartItemId, action_item_id: null },
        { ...first!, cart_item_id: savedCartItemId, action_item_id: null, saved_for_later: 1 },
      ])
      .execute();
    const ready = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      plan_year_start: daysFromToday(-335),
      plan_year_end: daysFromToday(30),
    });
    const invited = documentRow(records.brokerA.userId, records.brokerA.companyId, { status: 'Unpaid' });
    // Accepting an invitation needs one nobody has claimed, whose link carries the body example's token.
    const unclaimed = documentRow(records.employerB.userId, records.employerB.companyId, {
      status: 'Unpaid',
    });
    await suite.ctx.db.insertInto('epop_document').values(unclaimed).execute();
    await suite.ctx.db
      .insertInto('action_item')
      .values({
        action_item_id: randomUUID(),
        user_id: null,
        item_type: 'pop-document-invite',
        description: '{}',
        json: JSON.stringify({ DocumentId: unclaimed.document_id, Document: { BrokerId: null } }),
        created_by: 'employerB',
        created_at: new Date().toISOString(),
        completed: 0,
        completed_at: null,
        claim_token_hash: invitationTokenHash(CLAIM_EXAMPLE.token),
        claim_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .execute();
    await suite.ctx.db.insertInto('epop_document').values([ready, invited]).execute();
    readyDocumentId = ready.document_id;
    // Sending and deactivating need a document with addresses; reactivating a deactivated one; the
    // no-pay reason a Colonial one.
    const colonial = { ...companyRow('Sweep Colonial', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(colonial).execute();
    const mailable = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      json: JSON.stringify({ clientCompanyName: 'Sweep Co', primaryEmail: 'sweep@example.com' }),
    });
    const retired = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      status: 'Inactive',
      active: 0,
      status_before_inactive: 'Paid',
    });
    const colonialDocument = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      strategic_partner_id: colonial.company_id,
    });
    await suite.ctx.db.insertInto('epop_document').values([mailable, retired, colonialDocument]).execute();
    mailableDocumentId = mailable.document_id;
    retiredDocumentId = retired.document_id;
    colonialDocumentId = colonialDocument.document_id;
    inviteItemId = randomUUID();
    await suite.ctx.db
      .insertInto('action_item')
      .values({
        action_item_id: inviteItemId,
        user_id: records.employerA.userId,
        item_type: 'pop-document-invite',
        description: '{}',
        json: JSON.stringify({
          DocumentId: invited.document_id,
          Document: { BrokerId: records.brokerA.userId },
        }),
        created_by: 'brokerA',
        created_at: new Date().toISOString(),
        completed: 0,
        completed_at: null,
      })
      .execute();
  });

  /** Path parameters naming a record the caller may act on (broker A's). */
  const paramsFor = (route: RegisteredRoute): Record<string, string> => {
    if (route.url.includes('/renew/')) {
      return { id: readyDocumentId, userId: suite.parties.accounts.compliance.userId };
    }
    if (route.url.includes(':taxIdWithoutDash')) return { taxIdWithoutDash: '123456789' };
    if (route.url.includes(':code')) {
      return { userId: suite.parties.accounts.brokerA.userId, code: suite.parties.unappliedCode };
    }
    if (route.method === 'DELETE' && route.url === '/shopping-cart/:cartItemId') {
      return { cartItemId: spareCartItemId };
    }
    if (route.url === '/cart/:cartItemId/epop') return { cartItemId: savedCartItemId };
    if (route.url.includes(':section')) {
      return { documentId: suite.parties.records.brokerA.documentId, section: 'plan-doc' };
    }
    if (route.url.includes(':archiveId')) {
      const { documentId, archiveId } = suite.parties.records.brokerA;
      return { documentId, archiveId };
    }
    if (route.url.includes(':resultId')) {
      const { documentId, ndtResultId } = suite.parties.records.brokerA;
      return { documentId, resultId: ndtResultId };
    }
    if (route.url.includes(':partnerId')) {
      return { documentId: suite.parties.records.brokerA.documentId, partnerId: suite.parties.partnerId };
    }
    if (route.url.includes('/email/') || route.url.endsWith('/deactivate')) {
      return { documentId: mailableDocumentId };
    }
    if (route.url.endsWith('/reactivate')) return { documentId: retiredDocumentId };
    if (route.url.includes(':reasonCode')) return { reasonCode: 'N2', documentId: colonialDocumentId };
    if (route.method === 'POST' && route.url.endsWith('/action-item/:actionItemId')) {
      return { actionItemId: inviteItemId };
    }
    if (route.url.includes(':jobId')) return { jobId: returnFileJobId };
    // A system message (Utilities): the login one (a delete is swept after the edit).
    if (route.url.includes(':systemMessageId')) {
      return { systemMessageId: LOGIN_SYSTEM_MESSAGE.system_message_id };
    }
    // A partner's rules: the link rule (no effect on the other routes); a delete, a spare partner.
    if (route.url.endsWith('/rule/:route'))
      return { id: suite.parties.partnerId, route: 'link-account-id-to-promo-code' };
    if (route.url.endsWith('/rule/:ruleTypeId')) return { id: suite.parties.partnerId, ruleTypeId: '5' };
    if (route.url.endsWith('/rule/:ruleId')) return { id: suite.parties.partnerId, ruleId: '5' };
    if (route.method === 'DELETE' && route.url === '/strategic-partner/:id') return { id: sparePartnerId };
    // A user's companies (the back office's users screen): a user identity-api knows.
    if (route.url === '/user/:userId/company') return { userId: suite.parties.accounts.employerA.userId };
    // The routes without ownership that name a record name a strategic partner.
    if (route.ownership === 'none') return route.url.includes(':id') ? { id: suite.parties.partnerId } : {};
    const resource = [route.ownership.resource].flat()[0]!;
    // A second id besides the owned record (company/{companyId}/user/{userId}): a user no company has.
    const userId: Record<string, string> = route.url.includes(':userId')
      ? { userId: suite.parties.outsider.userId }
      : {};
    return { ...userId, [route.ownership.param]: suite.parties.records.brokerA[RECORD_OF[resource]!] };
  };

  it('sweeps every route that takes input, and refuses every malformed request with 400', async () => {
    const swept = [...routes.values()].filter(
      (route) =>
        (route.schema.body || route.schema.querystring || route.schema.params) &&
        // An upload (the Colonial return file) takes a multipart file, not JSON: its own tests try
        // the bad files (test/routes/colonial/return-file.cases.ts).
        !(route.schema as { consumes?: string[] }).consumes?.includes('multipart/form-data'),
    );
    expect(swept.length).toBeGreaterThanOrEqual(10);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const route of swept) {
      const account = callerFor(route);
      const headers = account ? { authorization: await suite.ctx.bearer(account) } : {};
      // A request without a body has no content type (a DELETE, as the browser's client sends it).
      const send = (probe: Probe) =>
        suite.ctx.app.inject({
          method: route.method as 'GET' | 'POST' | 'DELETE',
          url: probe.url,
          headers: probe.payload !== undefined ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
      const { valid, malformed } = probesFor(route, paramsFor(route), account?.userId);
      expect([route.url, malformed.length >= 5]).toEqual([route.url, true]);
      const ok = await send(valid);
      expect([`${route.method} ${valid.url}`, ok.statusCode < 300]).toEqual([
        `${route.method} ${valid.url}`,
        true,
      ]);

      const before = await snapshot(suite.ctx.db);
      for (const probe of malformed) {
        const response = await send(probe);
        const body = response.json<Record<string, unknown>>();
        const catalogue =
          (body.type === 'validation' &&
            Array.isArray(body.errors) &&
            body.errors.length > 0 &&
            Object.keys(body).length === 2) ||
          (typeof body.message === 'string' && Object.keys(body).length === 1);
        const label = `${route.method} ${route.url} ${probe.what}`;
        answers.push(
          `${label} → ${response.statusCode}${catalogue ? '' : ` ${response.body.slice(0, 200)}`}`,
        );
        expected.push(`${label} → 400`);
      }
      expect(await snapshot(suite.ctx.db)).toEqual(before);
    }
    expect(answers).toEqual(expected);
    // Every route, each with its probes and two snapshots of every table: longer than Jest's 5 s.
  }, 60_000);
});
