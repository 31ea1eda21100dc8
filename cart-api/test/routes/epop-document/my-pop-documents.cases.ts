import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import type { DocumentListRow, DocumentPage } from '../../../src/contract/epop-document.js';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/**
 * Issue 23 item 1: 'My POP Documents' lists every active document the user may act on, by the
 * `document` policy's rule (src/domain/documents/reach.ts): a broker's own and their clients', an
 * employer's companies' (company_user), whoever ordered them; nobody else's, however they search or page.
 */
describe("GET /epop-document/{userId}: every document the user may act on ('My POP Documents')", () => {
  const suite = seededTestApp();
  const db = () => suite.ctx.db;

  const list = async (account: Account, query = '') => {
    const answer = await suite.ctx.send(account, 'GET', `/epop-document/${account.userId}${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json<DocumentPage>();
  };
  /** Every row of the user's list, page by page (pages of `pageSize`). */
  const everyRow = async (account: Account, pageSize = 100, searchText = '') => {
    const rows: DocumentListRow[] = [];
    for (let page = 1; ; page++) {
      const answer = await list(account, `?page=${page}&pageSize=${pageSize}&searchText=${searchText}`);
      rows.push(...answer.data);
      if (page >= answer.pages) return rows;
    }
  };
  const ids = (rows: DocumentListRow[]) => rows.map((row) => row.documentId);

  /** A new user identity-api knows, of a role. */
  const newUser = (role: 'broker' | 'employer'): Account => {
    const account: Account = { userId: randomUUID(), roles: [role] };
    suite.ctx.identity.add({ userId: account.userId, role });
    return account;
  };

  /** A client company (of `brokerUserId`), with its name made unique to the test. */
  const newClient = async (name: string, brokerUserId: string | null = null) => {
    const client = companyRow(`${name} ${randomUUID().slice(0, 6)}`, { brokerUserId });
    await db().insertInto('company').values(client).execute();
    return client;
  };
  const newDocument = async (ownerUserId: string, companyId: string, createdAt: string) => {
    const row = documentRow(ownerUserId, companyId, { created_at: createdAt });
    await db().insertInto('epop_document').values(row).execute();
    return row.document_id;
  };
  /** Compliance links a user to a company (the client page's Add User). */
  const link = async (companyId: string, user: Account) => {
    const added = await suite.ctx.send(
      suite.parties.accounts.compliance,
      'POST',
      `/company/${companyId}/user/${user.userId}`,
    );
    expect(added.statusCode).toBe(200);
  };

  it("shows the employer who paid a broker's invitation the document, Paid, with its receipt", async () => {
    const { brokerA } = suite.parties.accounts;
    const email = `invited.${randomUUID().slice(0, 8)}@example.test`;
    const companyName = `Invited Bakery ${randomUUID().slice(0, 6)}`;
    const document = documentForm({ clientCompanyName: companyName });
    const sent = await suite.ctx.send(brokerA, 'POST', '/action-item/document-invite', {
      firstname: 'Ivy',
      lastname: 'Invitee',
      email,
      companyName,
      document,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
    });
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const invitee: Account = {
      userId: [...suite.ctx.identity.users.values()].find((user) => user.email === email)!.userId,
      roles: ['employer'],
    };
    // The invitee accepts the e-mailed link, then pays for the document through the cart.
    const claimed = await suite.ctx.send(invitee, 'POST', '/action-item/claim', {
      token: await invitationToken(email),
    });
    expect(claimed.statusCode).toBe(200);
    const added = await suite.ctx.send(invitee, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      actionItemId,
      attributes: [],
      json: document,
      userId: invitee.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      invitee,
      'POST',
      `/shopping-cart/${invitee.userId}/purchase/card`,
      cardPayment(),
    );
    expect(paid.json()).toMatchObject({ success: true });

    const { data, pages } = await list(invitee);
    expect(pages).toBe(1);
    expect(data).toEqual([
      expect.objectContaining({ documentId, name: companyName, status: 'Paid', showUserReceipt: true }),
    ]);
    // The receipt the row links to opens for them.
    const receipt = await suite.ctx.send(invitee, 'GET', `/order/${data[0]!.orderId}/receipt`);
    expect(receipt.statusCode).toBe(200);
    // The broker who invited them (its owner) lists it too, with the same status.
    expect((await everyRow(brokerA)).find((row) => row.documentId === documentId)).toMatchObject({
      status: 'Paid',
    });
  });

  /** The invitation link's token in the last e-mail to `address` (quoted-printable undone). */
  async function invitationToken(address: string): Promise<string> {
    const files = (await readdir(suite.ctx.outboxDir)).sort();
    const mails = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    const mail = mails
      .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((text) => text.includes(address))
      .at(-1);
    const token = /invitationToken=([\w-]{43})/.exec(mail ?? '')?.[1];
    if (!token) throw new Error(`no invitation link e-mailed to ${address}`);
    return token;
  }

  it("lists a company user's companies' documents whoever ordered them, and nothing of another company", async () => {
    const { records, clientDocumentOfBrokerA, accounts } = suite.parties;
    const companyUser = newUser('employer');
    await link(records.brokerA.companyId, companyUser);
    // brokerA's company: brokerA's document and the one compliance ordered for it.
    const theirs = [records.brokerA.documentId, clientDocumentOfBrokerA];
    expect(ids(await everyRow(companyUser)).sort()).toEqual([...theirs].sort());
    // brokerA sees compliance's document of their client too; brokerB none of them.
    expect(ids(await everyRow(accounts.brokerA))).toEqual(expect.arrayContaining(theirs));
    expect(ids(await everyRow(accounts.brokerB))).not.toEqual(expect.arrayContaining([theirs[0]]));
    expect(ids(await everyRow(accounts.brokerB))).not.toContain(clientDocumentOfBrokerA);

    // Removing the link ends it at once: they own none of them.
    const removed = await suite.ctx.send(
      accounts.compliance,
      'DELETE',
      `/company/${records.brokerA.companyId}/user/${companyUser.userId}`,
    );
    expect(removed.statusCode).toBe(204);
    expect(await list(companyUser)).toEqual({ data: [], pages: 0 });
  });

  it('shows a user linked to nothing none of them: not by search, not on any page', async () => {
    const { outsider, records } = suite.parties;
    const companyName = (await db()
      .selectFrom('company')
      .select('name')
      .where('company_id', '=', records.brokerA.companyId)
      .executeTakeFirstOrThrow())!.name;
    for (const query of ['', `?searchText=${encodeURIComponent(companyName)}`, '?page=2&pageSize=1']) {
      expect(await list(outsider, query)).toEqual({ data: [], pages: 0 });
    }
    // An employer linked to another company finds none of brokerA's by searching its name either.
    const { employerA } = suite.parties.accounts;
    const searched = await everyRow(employerA, 10, encodeURIComponent(companyName));
    expect(searched).toEqual([]);
  });

  it("lists compliance's free document for a client to that client's users and broker", async () => {
    const { accounts } = suite.parties;
    const broker = newUser('broker');
    const client = await newClient('Free Client', broker.userId);
    const companyUser = newUser('employer');
    await link(client.company_id, companyUser);
    const created = await suite.ctx.send(
      accounts.compliance,
      'POST',
      `/epop-document/${accounts.compliance.userId}`,
      {
        ...documentForm({ clientCompanyName: client.name }),
        clientId: client.company_id,
      },
    );
    expect(created.statusCode).toBe(200);
    const { documentId } = created.json<{ documentId: string }>();

    for (const user of [companyUser, broker]) {
      expect(await list(user)).toEqual({
        data: [
          expect.objectContaining({
            documentId,
            name: client.name,
            status: 'Paid',
            clientId: client.company_id,
          }),
        ],
        pages: 1,
      });
    }
    for (const user of [accounts.brokerA, accounts.employerA, suite.parties.outsider]) {
      expect(ids(await everyRow(user))).not.toContain(documentId);
    }
  });

  it('pages the owned and the company documents as one list, newest first, each document once', async () => {
    const broker = newUser('broker');
    const own = await newClient('Own Client', broker.userId);
    const other = await newClient('Unbrokered Client');
    const someoneElse = randomUUID();
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();
    const expected: string[] = [];
    for (let n = 1; n <= 13; n++) {
      // Owned documents of their own client (both parts of the rule), owned documents of a client they
      // do not broker, and others' documents of their client, interleaved in time.
      const [owner, company] =
        n % 3 === 0 ? [someoneElse, own] : n % 3 === 1 ? [broker.userId, own] : [broker.userId, other];
      expected.unshift(await newDocument(owner, company.company_id, day(n)));
    }
    // Neither another's document of a client not theirs, nor an inactive one of theirs, is listed.
    await newDocument(someoneElse, other.company_id, day(20));
    const inactive = await newDocument(broker.userId, own.company_id, day(21));
    await db().updateTable('epop_document').set({ active: 0 }).where('document_id', '=', inactive).execute();

    const first = await list(broker, '?page=1&pageSize=5');
    expect(first.pages).toBe(3);
    expect(ids(await everyRow(broker, 5))).toEqual(expected);
    // A search keeps the same rule: the company of others' documents matches, and only theirs.
    const searched = await everyRow(broker, 2, encodeURIComponent(own.name));
    expect(ids(searched)).toEqual(expected.filter((_, index) => (13 - index) % 3 !== 2));
    // Whatever the case typed; LIKE's wildcards are letters like any other.
    expect(ids(await everyRow(broker, 100, encodeURIComponent(own.name.toUpperCase())))).toEqual(
      ids(searched),
    );
    expect(await list(broker, `?searchText=${encodeURIComponent('%')}`)).toEqual({ data: [], pages: 0 });
    // Past the last page: no rows, and the pages there are (with a search and without).
    expect(await list(broker, `?page=9&pageSize=2&searchText=${encodeURIComponent(own.name)}`)).toEqual({
      data: [],
      pages: 5,
    });
    expect(await list(broker, '?page=9&pageSize=2')).toEqual({ data: [], pages: 7 });
  });

  it("links the order number to the receipt only when the receipt is the user's to read", async () => {
    const broker = newUser('broker');
    const [mine, notMine] = [
      await newClient('Receipt One', broker.userId),
      await newClient('Receipt Two', broker.userId),
    ];
    const companyUser = newUser('employer');
    await link(mine.company_id, companyUser);
    // One order of the broker's for both clients: it shows each client's company and price.
    const documentIds = [
      await newDocument(broker.userId, mine.company_id, new Date().toISOString()),
      await newDocument(broker.userId, notMine.company_id, new Date().toISOString()),
    ];
    const orderId = randomUUID();
    const now = new Date().toISOString();
    await db()
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: `7${randomUUID().slice(0, 8)}`,
        user_id: broker.userId,
        ordered_by: 'Broker',
        ordered_by_email: 'broker@example.test',
        transaction_id: 'TXN-two-clients',
        payment_method: 'card',
        total_cents: 60_000,
        is_new: 1,
        paid_at: now,
        receipt: '<p>Two clients</p>',
        created_at: now,
      })
      .execute();
    for (const [index, documentId] of documentIds.entries()) {
      await db()
        .insertInto('order_item')
        .values({
          order_item_id: randomUUID(),
          order_id: orderId,
          product_id: EPOP_PRODUCT.product_id,
          product_type: EPOP_PRODUCT.name,
          display_text: `POP Document - ${index}`,
          document_id: documentId,
          client_company_id: index === 0 ? mine.company_id : notMine.company_id,
          broker_name: 'Broker',
          price_cents: 30_000,
          returned: 0,
        })
        .execute();
    }
    const [companyRowOfIt] = (await list(companyUser)).data;
    expect(companyRowOfIt).toMatchObject({ documentId: documentIds[0], orderId, showUserReceipt: false });
    expect((await suite.ctx.send(companyUser, 'GET', `/order/${orderId}/receipt`)).statusCode).toBe(404);
    expect((await list(broker)).data.map((row) => row.showUserReceipt)).toEqual([true, true]);
  });
});
