import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { startIdentityApi, DEFAULT_TEST_PASSWORD } from 'identity-api/testing';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { readableMail } from 'shared-domain/testing';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../src/db/reference-data.js';
import { ACTION_ITEMS_MESSAGES } from '../../src/domain/action-items/messages.js';
import { documentForm } from '../helpers/documents.js';

const APP_URL = 'https://pop.example.test';
const PASSWORD = DEFAULT_TEST_PASSWORD;
const INVALID_LINK = { message: ACTION_ITEMS_MESSAGES.invitation.invalidLink };

/**
 * Issue 21 item 1, the invitation takeover replayed with the real services: identity-api (accounts,
 * verification e-mails in its outbox) and cart-api (invitations, e-mailed to its outbox). An account
 * registered first with someone else's address (never verified: the link goes to that person's
 * mailbox) used to receive a broker's invitation for the address (the oldest account holding it): it
 * read the client's document through the action item, could pay for it and join the client company;
 * compliance's invitation even made it the document's owner at once. Now the invitation is a link in
 * the e-mail, and only the account that opens it gets the item and the document.
 */
describe('invitation takeover by an account registered first with the invitee’s address', () => {
  let identity: Awaited<ReturnType<typeof startIdentityApi>>;
  let cartDb: TestDatabase;
  let outboxDir: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const bearers: Record<string, string> = {};
  const ids: Record<string, string> = {};

  /** Signs `username` in at identity-api (password grant): the bearer the gateway would attach. */
  async function signIn(username: string): Promise<string> {
    const tokens = await identity.passwordGrant(username, PASSWORD);
    if (!tokens.access_token) throw new Error(`${username} cannot sign in: ${tokens.error_description}`);
    return (bearers[username] = `Bearer ${tokens.access_token}`);
  }

  /** A registration as the create-account page makes it (identity-api POST user): an unverified address. */
  async function register(username: string, email: string): Promise<string> {
    const response = await fetch(`${identity.url}/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        accountType: 'employer',
        firstname: 'Reg',
        lastname: username,
        companyName: '',
        email,
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        referralId: null,
      }),
    });
    expect(response.status).toBe(201);
    const { userId } = (await response.json()) as { userId: string };
    await signIn(username);
    return (ids[username] = userId);
  }

  const send = (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: bearers[username]! },
      ...(payload ? { payload } : {}),
    });

  /** The decoded text of every e-mail to `address` in a folder (identity-api's or cart-api's outbox). */
  async function mailsTo(dir: string, address: string): Promise<string[]> {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    const texts: string[] = [];
    for (const file of files) {
      const parts = await readableMail(await readFile(join(dir, file)), file);
      const [headers, text] = [parts[0]!.text, parts[1]!.text];
      if (headers.toLowerCase().includes(`to: ${address.toLowerCase()}`)) texts.push(text);
    }
    return texts;
  }

  /** The invitation link's token in the last invitation e-mailed to `address`. */
  async function invitationToken(address: string): Promise<string> {
    const mail = (await mailsTo(outboxDir, address)).at(-1) ?? '';
    const match = /[?&](?:token|invitationToken)=([\w-]{43})/.exec(mail);
    if (!match?.[1]) throw new Error(`no invitation link in: ${mail}`);
    return match[1];
  }

  const invite = (username: string, email: string, company: string) =>
    send(username, 'POST', '/action-item/document-invite', {
      firstname: 'Olive',
      lastname: 'Owner',
      email,
      companyName: company,
      document: documentForm({ clientCompanyName: company, federalTaxId: '98-7654321' }),
      // A broker chooses the commission; compliance sees no such option.
      attributes: username === 'takeover.broker' ? [COMMISSION_INCLUDED.attribute_value_id] : [],
    });

  const pending = async (username: string) => {
    const answer = await send(username, 'GET', `/action-item/${ids[username]}/pending`);
    const groups = answer.json<Record<string, { id: string }[]>>();
    return Object.values(groups).flat();
  };

  /** Everything an account could do with an invitation it was not meant to have: all refused. */
  async function expectLockedOut(username: string, sent: { actionItemId: string; documentId: string }) {
    expect(await pending(username)).toEqual([]);
    const documents = await send(username, 'GET', `/epop-document/${ids[username]}`);
    expect(documents.json<{ data: unknown[] }>().data).toEqual([]);
    const reads: LightMyRequestResponse[] = [
      await send(username, 'GET', `/action-item/${sent.actionItemId}`),
      await send(username, 'GET', `/epop-document/action-item/${sent.actionItemId}`),
      await send(username, 'GET', `/epop-document/${sent.documentId}`),
      await send(username, 'GET', `/product/epop/${ids[username]}?actionItemId=${sent.actionItemId}`),
      await send(username, 'POST', '/shopping-cart', {
        productId: EPOP_PRODUCT.product_id,
        quantity: 1,
        actionItemId: sent.actionItemId,
        attributes: [],
        json: documentForm(),
        userId: ids[username],
      }),
    ];
    expect(reads.map((read) => read.statusCode)).toEqual([404, 404, 404, 404, 404]);
    // Nothing of the client reaches them: neither its tax id nor its name.
    for (const read of reads) expect(read.body).not.toContain('98-7654321');
  }

  beforeAll(async () => {
    identity = await startIdentityApi({ env: { APP_URL } });
    for (const [username, roles] of [
      ['takeover.broker', ['broker']],
      ['takeover.compliance', ['compliance']],
    ] as const) {
      ({ userId: ids[username] } = await identity.createUser({
        username,
        password: PASSWORD,
        roles: [...roles],
        emailVerified: true,
      }));
      await signIn(username);
    }
    cartDb = await createTestDatabase();
    outboxDir = await mkdtemp(join(tmpdir(), 'cart-api-takeover-'));
    app = await buildApp(
      loadConfig({
        DATABASE_URL: cartDb.url,
        IDENTITY_ISSUER: identity.issuer,
        OUTBOX_DIR: outboxDir,
        APP_URL,
        JOBS_POLL_MS: '0',
        PAYMENT_GATEWAY: 'sandbox',
        NODE_ENV: 'test',
      }),
      { logger: false },
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await cartDb?.drop();
    await identity?.close();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it("a broker's invitation: the squatter gets nothing; the addressee sets up from the e-mail's link and claims it", async () => {
    const victim = 'olive.owner@victim.example';
    await register('mallory.first', victim);

    const sent = await invite('takeover.broker', victim, 'Olive Orchards');
    expect(sent.statusCode).toBe(200);
    const invitation = sent.json<{ actionItemId: string; documentId: string }>();
    await expectLockedOut('mallory.first', invitation);

    // The e-mail went to the address: its owner reads it. A new account was made for them (the
    // squatter's unverified address named nobody): set up from the link, keeping the address.
    const mail = (await mailsTo(outboxDir, victim)).at(-1)!;
    const setup = /Set up your account and accept the invitation: (\S+)/.exec(mail)?.[1];
    expect(setup).toBeDefined();
    const setupUrl = new URL(setup!);
    const setupToken = setupUrl.pathname.split('/').at(-1)!;
    const claimToken = setupUrl.searchParams.get('invitationToken')!;
    const welcome = (await (
      await fetch(`${identity.url}/temporary-user-token?token=${setupToken}`)
    ).json()) as {
      userId: string;
    };
    expect(welcome.userId).not.toBe(ids['mallory.first']);
    const done = await fetch(`${identity.url}/user/${welcome.userId}/token/${setupToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: welcome.userId,
        username: 'olive.owner',
        firstname: 'Olive',
        lastname: 'Owner',
        email: victim,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      }),
    });
    expect(done.status).toBe(200);
    ids['olive.owner'] = welcome.userId;
    await signIn('olive.owner');

    // The squatter cannot take the link's place with a guess, nor the inviter claim their own invitation.
    expect(
      (await send('mallory.first', 'POST', '/action-item/claim', { token: 'x'.repeat(43) })).json(),
    ).toEqual(INVALID_LINK);
    const own = await send('takeover.broker', 'POST', '/action-item/claim', { token: claimToken });
    expect([own.statusCode, own.json()]).toEqual([
      400,
      { message: ACTION_ITEMS_MESSAGES.invitation.ownInvitation },
    ]);

    const claimed = await send('olive.owner', 'POST', '/action-item/claim', { token: claimToken });
    expect([claimed.statusCode, claimed.json()]).toEqual([200, invitation]);
    expect((await pending('olive.owner')).map((item) => item.id)).toEqual([invitation.actionItemId]);
    const document = await send(
      'olive.owner',
      'GET',
      `/epop-document/action-item/${invitation.actionItemId}`,
    );
    expect(document.json()).toMatchObject({ documentId: invitation.documentId, status: 'Unpaid' });
    // Opened again by its claimer: the same item. By anyone else, even holding the link: refused.
    expect((await send('olive.owner', 'POST', '/action-item/claim', { token: claimToken })).json()).toEqual(
      invitation,
    );
    const late = await send('mallory.first', 'POST', '/action-item/claim', { token: claimToken });
    expect([late.statusCode, late.json()]).toEqual([400, INVALID_LINK]);
    await expectLockedOut('mallory.first', invitation);
  });

  it("compliance's invitation: nobody owns the document before the claim; the verified addressee claims it", async () => {
    const victim = 'vera.verified@victim.example';
    await register('mallory.second', victim);
    // The real addressee registers later and verifies the address from identity-api's e-mail.
    await register('vera.verified', victim);
    await identity.mailSettled();
    const verification = (await mailsTo(identity.outboxDir, victim)).at(-1) ?? '';
    const verifyToken = /\/verify-email\?token=([\w-]{43})/.exec(verification)?.[1];
    const verified = await fetch(`${identity.url}/user/verify-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: verifyToken }),
    });
    expect(verified.status).toBe(200);

    const sent = await invite('takeover.compliance', victim, 'Vera Vineyards');
    expect(sent.statusCode).toBe(200);
    const invitation = sent.json<{ actionItemId: string; documentId: string }>();
    // Not the squatter's (compliance's invitation made the invitee the owner at once), nor yet the
    // addressee's: nobody's but the compliance user's who sent it.
    await expectLockedOut('mallory.second', invitation);
    await expectLockedOut('vera.verified', invitation);
    const owner = await app.db
      .selectFrom('epop_document')
      .select('owner_user_id')
      .where('document_id', '=', invitation.documentId)
      .executeTakeFirstOrThrow();
    expect(owner.owner_user_id).toBe(ids['takeover.compliance']);

    // The verified account gets no new account, only the link: sign in and accept.
    const mail = (await mailsTo(outboxDir, victim)).at(-1)!;
    expect(mail).toContain('Sign in and accept the invitation:');
    expect(mail).not.toContain('/first-time-setup/');
    const claimed = await send('vera.verified', 'POST', '/action-item/claim', {
      token: await invitationToken(victim),
    });
    expect(claimed.statusCode).toBe(200);
    // Now the document is hers: in her My POP Documents, and through her item.
    const mine = await send('vera.verified', 'GET', `/epop-document/${ids['vera.verified']}`);
    expect(mine.json<{ data: { documentId: string }[] }>().data.map((row) => row.documentId)).toEqual([
      invitation.documentId,
    ]);
    const document = await send(
      'vera.verified',
      'GET',
      `/epop-document/action-item/${invitation.actionItemId}`,
    );
    expect(document.json()).toMatchObject({ documentId: invitation.documentId, status: 'Unpaid' });
    await expectLockedOut('mallory.second', invitation);
  });

  it('an expired link is refused and gives nobody anything', async () => {
    const victim = 'late.comer@victim.example';
    await register('late.comer', victim);
    const sent = await invite('takeover.broker', victim, 'Late Orchards');
    const invitation = sent.json<{ actionItemId: string; documentId: string }>();
    await app.db
      .updateTable('action_item')
      .set({ claim_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('action_item_id', '=', invitation.actionItemId)
      .execute();
    const refused = await send('late.comer', 'POST', '/action-item/claim', {
      token: await invitationToken(victim),
    });
    expect([refused.statusCode, refused.json()]).toEqual([400, INVALID_LINK]);
    await expectLockedOut('late.comer', invitation);
  });
});
