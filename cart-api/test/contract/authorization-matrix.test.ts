import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CART_ITEM_EXAMPLE } from '../../src/contract/shopping-cart.js';
import { INVITE_EXAMPLE } from '../../src/contract/action-item.js';
import { DiscountBody } from '../../src/contract/discount.js';
import { APP_CONFIG_EXAMPLE, SYSTEM_MESSAGE_EXAMPLE } from '../../src/contract/system-message.js';
import { LOGIN_SYSTEM_MESSAGE } from '../../src/db/reference-data.js';
import { BLANK_DETAIL as BLANK_PARTNER_DETAIL } from '../../src/domain/partners/partner-queries.js';
import { AchPayment, CardPayment } from '../../src/contract/shopping-cart.js';
import {
  CALLER_NAMES,
  seededTestApp,
  snapshot,
  type CallerName,
  type Parties,
  type PartyName,
} from '../helpers/parties.js';
import { documentForm, exampleForm } from '../helpers/documents.js';
import { RECORD_OF, routeCollector, type RegisteredRoute } from '../helpers/routes.js';

/**
 * The authorization matrix (issue 8 §3): every registered route × guest, broker A, broker B,
 * employer A, employer B, compliance × their own record and a foreign one. The expected statuses
 * come from this table, keyed by `METHOD path`: a route without a row fails the test, so a new
 * endpoint cannot ship without saying who may call it.
 */
type Expectation = Record<CallerName, readonly [own: number, foreign: number]>;
interface Row {
  expect: Expectation;
  /** A doubled path: the expectation per resource its id may name, where it differs from `expect`. */
  byResource?: Record<string, Expectation>;
  query?: string;
  /**
   * The path's other ids: of a route without ownership (a partner's id), or besides the owned record
   * (the caller's own user id); `callerUserId` is undefined for a guest.
   */
  params?: (parties: Parties, callerUserId: string | undefined) => Record<string, string>;
  /** The body; a function when it names a user (the party whose record is tried, or the caller). */
  payload?:
    | object
    | ((context: { partyUserId: string; callerUserId: string | undefined; caller: CallerName }) => object);
}

// A new document's plan year starts after the day it is ordered (documentForm), whatever day the test runs.
const cartItem = (userId: string) => ({ ...CART_ITEM_EXAMPLE, json: documentForm(), userId });
const exampleOf = (schema: object) => (schema as { examples: object[] }).examples[0]!;
const DISCOUNT_EXAMPLE = exampleOf(DiscountBody);
const CARD_EXAMPLE = exampleOf(CardPayment);
const ACH_EXAMPLE = exampleOf(AchPayment);
const same = (status: number) => [status, status] as const;
/** The login message as migration 0002 stored it: saving it unchanged writes nothing. */
const LOGIN_MESSAGE_BODY = {
  location: 'login',
  message: LOGIN_SYSTEM_MESSAGE.message,
  style: LOGIN_SYSTEM_MESSAGE.style,
  from: null,
  to: null,
  active: true,
};
/** Anyone, no session. */
const PUBLIC: Expectation = Object.fromEntries(CALLER_NAMES.map((name) => [name, same(200)])) as Expectation;
/** A signed-in caller's own records; another's read like missing ones; compliance may see all. */
const OWN_RECORDS: Expectation = {
  guest: same(401),
  brokerA: [200, 404],
  brokerB: [200, 404],
  employerA: [200, 404],
  employerB: [200, 404],
  compliance: same(200),
};
/** The compliance group only; other groups are refused by role (403) before any record is looked at. */
const COMPLIANCE_ONLY: Expectation = {
  guest: same(401),
  brokerA: same(403),
  brokerB: same(403),
  employerA: same(403),
  employerB: same(403),
  compliance: same(200),
};

/** Any signed-in caller, whatever the record. */
const SIGNED_IN_ANY: Expectation = {
  ...COMPLIANCE_ONLY,
  brokerA: same(200),
  brokerB: same(200),
  employerA: same(200),
  employerB: same(200),
};

/**
 * A stored NDT result under the caller's own document's path (brokerA's for compliance and guests): a
 * result of another document there reads as missing, for compliance too.
 */
const STORED_NDT_RESULT: Row = {
  expect: { ...OWN_RECORDS, compliance: [200, 404] },
  params: (parties, callerUserId) => ({
    documentId: (
      Object.values(parties.records).find((record) => record.userId === callerUserId) ??
      parties.records.brokerA
    ).documentId,
  }),
};

/** The buyers' routes (the cart): their own records; compliance invites instead of buying (403). */
const BUYERS_OWN: Expectation = { ...OWN_RECORDS, compliance: same(403) };

/** A buyer's own record, past the policy, refused by a business rule (400). */
const BUYERS_REFUSED: Expectation = {
  ...OWN_RECORDS,
  brokerA: [400, 404],
  brokerB: [400, 404],
  employerA: [400, 404],
  employerB: [400, 404],
  compliance: same(403),
};

/** A promo code's body with a code of its own (codes are unique). */
const promoCode = () => ({ ...DISCOUNT_EXAMPLE, code: `M${randomUUID().slice(0, 8)}` });

/** Records no one but compliance reaches by id: to the others they read like missing ones. */
const COMPLIANCE_RECORDS: Expectation = {
  guest: same(401),
  brokerA: same(404),
  brokerB: same(404),
  employerA: same(404),
  employerB: same(404),
  compliance: same(200),
};

const MATRIX: Record<string, Row> = {
  'GET /healthz': { expect: PUBLIC },
  'GET /system-message': { expect: PUBLIC, query: 'location=login' },
  'GET /system-message/config/app': { expect: PUBLIC },
  'GET /system-message/config/refresh-token': { expect: PUBLIC },
  'GET /system-message/guide/pop-implementation-guide.pdf': { expect: PUBLIC },
  'GET /system-message/guide/employee-quick-reference-guide.pdf': { expect: PUBLIC },
  // Utilities' settings (issue 23 item 3): compliance only. A message belongs to no one (no policy):
  // the login message is edited as it is (no change), and a delete names none (404).
  'GET /system-message/all': { expect: COMPLIANCE_ONLY },
  'POST /system-message': { expect: COMPLIANCE_ONLY, payload: SYSTEM_MESSAGE_EXAMPLE },
  'POST /system-message/:systemMessageId': {
    expect: COMPLIANCE_ONLY,
    params: () => ({ systemMessageId: LOGIN_SYSTEM_MESSAGE.system_message_id }),
    payload: { ...LOGIN_MESSAGE_BODY },
  },
  'DELETE /system-message/:systemMessageId': {
    expect: { ...COMPLIANCE_ONLY, compliance: same(404) },
    params: () => ({ systemMessageId: randomUUID() }),
  },
  'POST /system-message/config/app': { expect: COMPLIANCE_ONLY, payload: APP_CONFIG_EXAMPLE },
  'POST /system-message/config/refresh-token': { expect: COMPLIANCE_ONLY, payload: { enabled: true } },
  'GET /system-message/change-log': { expect: COMPLIANCE_ONLY, query: 'subject=system-message' },
  'GET /product/epop/:userId': { expect: OWN_RECORDS },
  'GET /action-item/:userId/pending': { expect: OWN_RECORDS },
  'GET /shopping-cart/:userId/count/saved-for-later': { expect: OWN_RECORDS },
  'GET /shopping-cart/:id': { expect: OWN_RECORDS },
  'POST /shopping-cart': {
    expect: BUYERS_OWN,
    // Own: the caller's cart; foreign: another user's id in the body.
    payload: ({ partyUserId }) => cartItem(partyUserId),
  },
  'POST /shopping-cart/:cartItemId': {
    expect: BUYERS_OWN,
    payload: ({ callerUserId }) => cartItem(callerUserId ?? randomUUID()),
  },
  'GET /cart/:cartItemId/epop': { expect: OWN_RECORDS },
  'GET /epop/document/new/:userId': { expect: OWN_RECORDS },
  'GET /epop-document/:id': { expect: OWN_RECORDS },
  'GET /action-item/:actionItemId': { expect: OWN_RECORDS },
  // Anyone signed in may invite someone to purchase a document (a new Unpaid one: nothing to own).
  'POST /action-item/document-invite': {
    expect: SIGNED_IN_ANY,
    payload: { ...INVITE_EXAMPLE, document: documentForm() },
  },
  // An invitation's link (README "Invitations"): a buyer opens it; one that was never sent is refused
  // alike for everyone (nothing to own), and compliance never accepts an invitation (403).
  'POST /action-item/claim': {
    expect: {
      ...BUYERS_REFUSED,
      brokerA: same(400),
      brokerB: same(400),
      employerA: same(400),
      employerB: same(400),
    },
    payload: { token: 'never-sent' },
  },
  'GET /epop-document/action-item/:actionItemId': { expect: OWN_RECORDS },
  // The parties' items are not invites: their own users and compliance get the 404 of "no invite
  // to update" after the policy let them through; everyone else the policy's 404.
  'POST /epop-document/action-item/:actionItemId': {
    expect: {
      ...OWN_RECORDS,
      brokerA: same(404),
      brokerB: same(404),
      employerA: same(404),
      employerB: same(404),
      compliance: same(404),
    },
    payload: documentForm(),
  },
  // The parties' documents (plan year 2027) are not ready for renewal yet: who may renew one gets
  // that answer (400), anyone else the 404 of a missing record, before readiness is looked at.
  'GET /epop-document/:id/renew/:userId': {
    expect: {
      ...OWN_RECORDS,
      brokerA: [400, 404],
      brokerB: [400, 404],
      employerA: [400, 404],
      employerB: [400, 404],
      compliance: same(400),
    },
    params: ({ accounts }, callerUserId) => ({ userId: callerUserId ?? accounts.brokerA.userId }),
  },
  'POST /epop-document/:id': {
    expect: OWN_RECORDS,
    byResource: {
      // Creating for a user is 'Create Free Document': compliance only, even for oneself.
      user: {
        ...OWN_RECORDS,
        brokerA: [403, 404],
        brokerB: [403, 404],
        employerA: [403, 404],
        employerB: [403, 404],
      },
    },
    // The parties' documents' own plan year (2027), so their owners' saves change no locked field; a
    // document compliance creates for a user with it gives the reason the plan-year rule asks for
    // once that plan year has started (documents/plan-year.ts).
    payload: ({ caller }) =>
      caller === 'compliance'
        ? { ...exampleForm(), retroactiveReason: 'Matrix: a test plan year' }
        : exampleForm(),
  },
  'GET /discount/:id': { expect: OWN_RECORDS, byResource: { discount: COMPLIANCE_RECORDS } },
  'GET /order': { expect: COMPLIANCE_ONLY },
  'POST /order/:orderId/hide': { expect: COMPLIANCE_ONLY, payload: {} },
  // Bulk Mark as Reviewed: an id naming no order is reported, not refused (compliance's 200).
  'POST /order/reviewed': { expect: COMPLIANCE_ONLY, payload: () => ({ orderIds: [randomUUID()] }) },
  'GET /strategic-partner': { expect: COMPLIANCE_ONLY },
  // The back office's partner records, labels and rules (compliance only); the partner is the
  // parties' one, left as it was (same name, no labels, no link rule), and a delete names no partner.
  'GET /strategic-partner/new': { expect: COMPLIANCE_ONLY },
  'GET /strategic-partner/:id': { expect: COMPLIANCE_ONLY, params: (parties) => ({ id: parties.partnerId }) },
  'POST /strategic-partner': {
    expect: COMPLIANCE_ONLY,
    payload: { customUrl: '', companyDetail: { ...BLANK_PARTNER_DETAIL, name: 'Matrix Partner' } },
  },
  'POST /strategic-partner/:id': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId }),
    payload: { customUrl: '', companyDetail: { ...BLANK_PARTNER_DETAIL, name: 'A Partner' } },
  },
  'DELETE /strategic-partner/:id': {
    expect: { ...COMPLIANCE_ONLY, compliance: same(404) },
    params: () => ({ id: randomUUID() }),
  },
  'GET /strategic-partner/:id/label': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId }),
  },
  'POST /strategic-partner/:id/label': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId }),
    payload: [],
  },
  'GET /strategic-partner/rule': { expect: COMPLIANCE_ONLY },
  'GET /strategic-partner/:id/rule': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId }),
  },
  'GET /strategic-partner/:id/rule/:ruleTypeId': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId, ruleTypeId: '4' }),
  },
  'POST /strategic-partner/:id/rule/:route': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId, route: 'link-account-id-to-promo-code' }),
    payload: [],
  },
  'DELETE /strategic-partner/:id/rule/:ruleId': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId, ruleId: '5' }),
  },
  'GET /strategic-partner/:id/client': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ id: parties.partnerId }),
  },
  'GET /strategic-partner/:id/report': {
    expect: COMPLIANCE_ONLY,
    query: 'month=1&year=2026',
    params: (parties) => ({ id: parties.partnerId }),
  },
  'GET /strategic-partner/:id/report/excel': {
    expect: COMPLIANCE_ONLY,
    query: 'month=1&year=2026',
    params: (parties) => ({ id: parties.partnerId }),
  },
  // Matches only the caller's own clients: no match is a 204 for anyone signed in.
  'GET /client/duplicate-check/:taxIdWithoutDash': {
    expect: {
      ...SIGNED_IN_ANY,
      brokerA: same(204),
      brokerB: same(204),
      employerA: same(204),
      employerB: same(204),
      compliance: same(204),
    },
    query: 'onError=no-content',
    params: () => ({ taxIdWithoutDash: '999999999' }),
  },
  // Every signed-in user orders through a partner's link: its excluded states are no secret.
  'GET /strategic-partner/:id/rule/excluded-states': {
    expect: SIGNED_IN_ANY,
    params: (parties) => ({ id: parties.partnerId }),
  },
  'GET /client/recently-viewed': { expect: COMPLIANCE_ONLY },
  'GET /client/search': { expect: COMPLIANCE_ONLY, query: 'searchText=company' },
  // The client details page and its company users panel: the client's broker, its linked
  // employers and compliance read; Add User and Remove Access are compliance's and the broker's
  // (an employer never grants access to their own company: 404 like a foreign one).
  'GET /client/:clientId': { expect: OWN_RECORDS },
  'GET /client/:clientId/document': { expect: OWN_RECORDS },
  'GET /company/:companyId/user': { expect: OWN_RECORDS },
  // The outsider is no one the brokers are linked with or found by an exact search: a broker adding
  // them by id would learn their name and e-mail from the answer (issue 21), so it reads like an
  // unknown user (404); test/routes/company adds one the broker found.
  'POST /company/:companyId/user/:userId': {
    expect: {
      ...OWN_RECORDS,
      brokerA: same(404),
      brokerB: same(404),
      employerA: same(404),
      employerB: same(404),
    },
    params: ({ outsider }) => ({ userId: outsider.userId }),
    payload: {},
  },
  'DELETE /company/:companyId/user/:userId': {
    expect: {
      ...OWN_RECORDS,
      brokerA: [204, 404],
      brokerB: [204, 404],
      employerA: same(404),
      employerB: same(404),
      compliance: same(204),
    },
    params: ({ outsider }) => ({ userId: outsider.userId }),
  },
  'POST /page-view': {
    expect: Object.fromEntries(CALLER_NAMES.map((name) => [name, same(204)])) as Expectation,
    payload: { path: '/orders' },
  },
  // The order form's drafts (issue 24): always the caller's own (no path names a user), so every
  // signed-in caller reaches only theirs; test/routes/document-draft tries another's.
  'GET /document-draft': { expect: SIGNED_IN_ANY, query: 'form=new' },
  'PUT /document-draft': {
    expect: SIGNED_IN_ANY,
    query: 'form=new',
    payload: { step: 1, values: { clientCompanyName: 'Matrix Draft' } },
  },
  'DELETE /document-draft': {
    expect: {
      guest: same(401),
      brokerA: same(204),
      brokerB: same(204),
      employerA: same(204),
      employerB: same(204),
      compliance: same(204),
    },
    query: 'form=new',
  },
  'GET /product': { expect: COMPLIANCE_ONLY },
  // The generated documents: whoever may read the document (the parties' documents are Paid).
  'GET /epop-document/:documentId/download/:section': {
    expect: OWN_RECORDS,
    params: () => ({ section: 'plan-doc' }),
  },
  'GET /epop-document/:documentId/download': { expect: OWN_RECORDS },
  'GET /epop-document/:documentId/archive': { expect: OWN_RECORDS },
  // An archived file under the caller's own document's path: another's file there reads as missing,
  // for compliance too (the file is not that document's).
  'GET /epop-document/:documentId/archive/:archiveId': {
    expect: { ...OWN_RECORDS, compliance: [200, 404] },
    params: (parties, callerUserId) => ({
      documentId: (
        Object.values(parties.records).find((record) => record.userId === callerUserId) ??
        parties.records.brokerA
      ).documentId,
    }),
  },
  // Non-discrimination testing: whoever may act on the document takes it (the safe harbor here);
  // a stored result under the caller's own document's path, like an archived file.
  'POST /epop-document/:documentId/non-discrimination': {
    expect: OWN_RECORDS,
    payload: { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true },
  },
  'GET /epop-document/:documentId/non-discrimination/:resultId': STORED_NDT_RESULT,
  // The same stored result as a PDF: the same callers, the same 404s.
  'GET /epop-document/:documentId/non-discrimination/:resultId/pdf': STORED_NDT_RESULT,
  'GET /epop-document/:documentId/admin/non-discrimination-results': { expect: COMPLIANCE_ONLY },
  // The admin document page's calls.
  'POST /epop-document/:documentId/note': {
    expect: COMPLIANCE_ONLY,
    payload: { notes: 'Called the broker' },
  },
  'GET /epop-document/:documentId/partner/:partnerId': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ partnerId: parties.partnerId }),
  },
  'GET /client/:clientId/change-log': { expect: COMPLIANCE_ONLY },
  'POST /client/:clientId/partner': { expect: COMPLIANCE_ONLY, payload: { strategicPartnerId: null } },
  // The admin client page's edit: the parties' companies keep a name ('Matrix Client').
  'POST /client/:clientId': {
    expect: COMPLIANCE_ONLY,
    payload: {
      companyDetail: {
        name: 'Matrix Client',
        phone: '',
        federalTaxId: '',
        addressLine1: '',
        addressLine2: '',
        city: '',
        state: '',
        zipCode: '',
        notes: '',
      },
      legalEntityType: '',
      stateOfLegalConstruction: '',
      erisaAccount: false,
    },
  },
  // Sending: whoever may read the document.
  'POST /epop-document/:documentId/email/send-self': { expect: OWN_RECORDS, payload: {} },
  'POST /epop-document/:documentId/email/send-all': { expect: OWN_RECORDS, payload: {} },
  // Compliance deactivates and then reactivates the same documents: the rows leave them as they were.
  'POST /epop-document/:documentId/deactivate': { expect: COMPLIANCE_ONLY, payload: { reason: 'Matrix' } },
  'POST /epop-document/:documentId/reactivate': { expect: COMPLIANCE_ONLY, payload: {} },
  // The parties' documents are not Colonial ones: compliance is refused by the rule (400).
  'POST /colonial/no-pay/:reasonCode/:documentId': {
    expect: { ...COMPLIANCE_ONLY, compliance: same(400) },
    params: () => ({ reasonCode: 'N1' }),
    payload: {},
  },
  'GET /discount': { expect: COMPLIANCE_ONLY },
  // The receipt: its purchaser and compliance (a document's broker and client users too: the
  // parties' documents are their own orders').
  'GET /order/:orderId/receipt': { expect: OWN_RECORDS },
  'GET /order/:orderId/receipt/download': { expect: OWN_RECORDS },
  'POST /order/:orderId/email-purchaser': { expect: COMPLIANCE_ONLY, payload: {} },
  'POST /discount': { expect: COMPLIANCE_ONLY, payload: () => promoCode() },
  'POST /discount/:id': { expect: COMPLIANCE_ONLY, payload: () => promoCode() },
  // The rows below change the parties' carts, in this order (the rows run in turn).
  'POST /shopping-cart/:cartItemId/save-for-later': { expect: BUYERS_OWN, payload: {} },
  'POST /shopping-cart/:cartItemId/move-to-cart': { expect: BUYERS_OWN, payload: {} },
  'POST /shopping-cart/:userId/promo-code/:code': {
    expect: BUYERS_OWN,
    params: (parties) => ({ code: parties.unappliedCode }),
    payload: {},
  },
  'DELETE /shopping-cart/:userId/promo-code/:code': {
    expect: BUYERS_OWN,
    params: (parties) => ({ code: parties.unappliedCode }),
  },
  'DELETE /shopping-cart/:cartItemId': { expect: BUYERS_OWN },
  // Add to Cart's row left each party a document to pay: the free purchase is refused (a total to
  // pay, 400), ACH pays it, and the card then answers that order again (a repeat never charges).
  'POST /shopping-cart/:userId/purchase/free': { expect: BUYERS_REFUSED, payload: {} },
  'POST /shopping-cart/:userId/purchase/ach': { expect: BUYERS_OWN, payload: ACH_EXAMPLE },
  'POST /shopping-cart/:userId/purchase/card': { expect: BUYERS_OWN, payload: CARD_EXAMPLE },
  'DELETE /discount/:id': { expect: COMPLIANCE_ONLY },
  // Colonial files and test BCNs (issue 12): compliance only. A JSON body is not an upload (400);
  // the parties own no return-file job (404).
  'GET /colonial/bill-file': { expect: COMPLIANCE_ONLY, query: 'month=3&year=2025' },
  'GET /colonial/bill-file/excel': { expect: COMPLIANCE_ONLY, query: 'month=3&year=2025' },
  'GET /colonial/bcn': { expect: COMPLIANCE_ONLY },
  'POST /colonial/bcn': {
    expect: COMPLIANCE_ONLY,
    payload: () => ({ bcn: `M-${randomUUID().slice(0, 8)}` }),
  },
  'POST /colonial/return-file': { expect: { ...COMPLIANCE_ONLY, compliance: same(400) }, payload: {} },
  'GET /colonial/return-file/:jobId': {
    expect: { ...COMPLIANCE_ONLY, compliance: same(404) },
    params: () => ({ jobId: randomUUID() }),
  },
  // The weekly order report and the users screen (issue 12): compliance only.
  'GET /sales-report/epop': { expect: COMPLIANCE_ONLY, query: 'from=01/05/2026&to=01/11/2026' },
  'GET /sales-report/epop/excel': { expect: COMPLIANCE_ONLY, query: 'from=2026-01-05&to=2026-01-11' },
  'GET /user/:userId/company': {
    expect: COMPLIANCE_ONLY,
    params: (parties) => ({ userId: parties.accounts.employerA.userId }),
  },
  'GET /epop-document/:documentId/user': { expect: COMPLIANCE_ONLY },
  // Keep last: compliance removes broker A's broker, after which broker A's own rows would read 404.
  'DELETE /client/:clientId/broker': { expect: { ...COMPLIANCE_ONLY, compliance: same(204) } },
};

/** Whose records are "own" and "foreign" for each caller (compliance and guests: any two). */
const SIDES: Record<CallerName, readonly [PartyName, PartyName]> = {
  guest: ['brokerA', 'employerB'],
  brokerA: ['brokerA', 'brokerB'],
  brokerB: ['brokerB', 'brokerA'],
  employerA: ['employerA', 'employerB'],
  employerB: ['employerB', 'employerA'],
  compliance: ['brokerA', 'employerB'],
};

describe('the authorization matrix', () => {
  const routes = new Map<string, RegisteredRoute>();
  const suite = seededTestApp(routeCollector(routes));

  it('has a row for every registered route, and no row for a route that is gone', () => {
    expect([...routes.keys()].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  /** Each way a route can be called on a party's record: one per resource its ownership names. */
  function urlsFor(route: RegisteredRoute, party: PartyName, row: Row, callerUserId: string | undefined) {
    const withQuery = (url: string) => (row.query ? `${url}?${row.query}` : url);
    const params = Object.entries(row.params?.(suite.parties, callerUserId) ?? {});
    const url = params.reduce((path, [name, id]) => path.replace(`:${name}`, id), route.url);
    if (route.ownership === 'none') return [{ url: withQuery(url), resource: 'none' }];
    const { resource, param } = route.ownership;
    return [resource].flat().map((name) => {
      const id = suite.parties.records[party][RECORD_OF[name]!];
      return { url: withQuery(url.replace(`:${param}`, id)), resource: name };
    });
  }

  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const route = routes.get(key);
    expect(route).toBeDefined();
    const row = MATRIX[key]!;
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const caller of CALLER_NAMES) {
      const account = caller === 'guest' ? undefined : suite.parties.accounts[caller];
      for (const [side, party] of SIDES[caller].entries()) {
        for (const { url, resource } of urlsFor(route!, party, row, account?.userId)) {
          const expected = (row.byResource?.[resource] ?? row.expect)[caller][side];
          const before = await snapshot(suite.ctx.db);
          const response = await suite.ctx.app.inject({
            method: route!.method as 'GET' | 'POST' | 'DELETE',
            url,
            headers: account ? { authorization: await suite.ctx.bearer(account) } : {},
            ...(row.payload
              ? {
                  payload:
                    typeof row.payload === 'function'
                      ? row.payload({
                          partyUserId: suite.parties.accounts[party].userId,
                          callerUserId: account?.userId,
                          caller,
                        })
                      : row.payload,
                }
              : {}),
          });
          const label = `${caller} ${side === 0 ? 'own' : 'foreign'} ${url}`;
          seen.push(`${label} → ${response.statusCode}`);
          wanted.push(`${label} → ${expected}`);
          if (response.statusCode >= 400) {
            // A refusal answers in the catalogue format and changes nothing.
            expect(Object.keys(response.json<object>())).toEqual(['message']);
            expect(await snapshot(suite.ctx.db)).toEqual(before);
          }
        }
      }
    }
    expect(seen).toEqual(wanted);
  });
});
