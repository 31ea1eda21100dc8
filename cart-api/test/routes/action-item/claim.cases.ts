import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ACTION_ITEMS_MESSAGES } from '../../../src/domain/action-items/messages.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';

const INVALID_LINK = [400, { message: ACTION_ITEMS_MESSAGES.invitation.invalidLink }];

/** `POST action-item/claim` (README "Invitations"): an invitation is the account's that opens its link. */
describe('POST /action-item/claim', () => {
  const suite = seededTestApp();

  /** Sends an invitation as `inviter`; answers it and its link's token (read from the e-mail). */
  async function invitation(inviter: Account) {
    const email = `claim.${randomUUID().slice(0, 8)}@example.test`;
    const sent = await suite.ctx.send(inviter, 'POST', '/action-item/document-invite', {
      firstname: 'Cleo',
      lastname: 'Claimer',
      email,
      companyName: 'Claimed Co',
      document: documentForm({ clientCompanyName: 'Claimed Co' }),
      attributes: [],
    });
    expect(sent.statusCode).toBe(200);
    const files = await readdir(suite.ctx.outboxDir);
    const texts = await Promise.all(files.map((file) => readFile(join(suite.ctx.outboxDir, file), 'utf8')));
    // Quoted-printable: soft line breaks joined, `=3D` read as `=`.
    const mail = texts
      .map((text) => text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((text) => text.includes(email));
    const token = /invitation\?token=([\w-]{43})/.exec(mail ?? '')?.[1];
    if (!token) throw new Error(`no invitation link e-mailed to ${email}`);
    return { ...sent.json<{ actionItemId: string; documentId: string }>(), token };
  }

  const claim = (account: Account, token: string) =>
    suite.ctx.send(account, 'POST', '/action-item/claim', { token });
  const itemRow = (actionItemId: string) =>
    suite.ctx.db
      .selectFrom('action_item')
      .select(['user_id', 'claim_token_hash', 'claim_expires_at', 'claimed_at'])
      .where('action_item_id', '=', actionItemId)
      .executeTakeFirstOrThrow();

  it('stores only the hash of the link token, for 14 days, and gives the item to nobody before the claim', async () => {
    const { brokerA } = suite.parties.accounts;
    const sent = await invitation(brokerA);
    const row = await itemRow(sent.actionItemId);
    expect(row).toMatchObject({ user_id: null, claimed_at: null });
    expect(row.claim_token_hash).not.toBe(sent.token);
    expect(row.claim_token_hash).toMatch(/^[\w-]{43}$/);
    const days = (new Date(row.claim_expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    // Compliance still reaches it, and so does the broker it is assigned to; nobody else.
    const { compliance, employerA, brokerB } = suite.parties.accounts;
    for (const [account, status] of [
      [compliance, 200],
      [brokerA, 200],
      [employerA, 404],
      [brokerB, 404],
    ] as const) {
      expect((await suite.ctx.send(account, 'GET', `/action-item/${sent.actionItemId}`)).statusCode).toBe(
        status,
      );
    }
  });

  it('is single use: the first account gets it, a second is refused, the first may open it again', async () => {
    const { brokerA, employerA, employerB } = suite.parties.accounts;
    const sent = await invitation(brokerA);
    const first = await claim(employerA, sent.token);
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { actionItemId: sent.actionItemId, documentId: sent.documentId },
    ]);
    expect(await itemRow(sent.actionItemId)).toMatchObject({ user_id: employerA.userId });
    const before = await snapshot(suite.ctx.db);
    const second = await claim(employerB, sent.token);
    expect([second.statusCode, second.json()]).toEqual(INVALID_LINK);
    expect((await claim(employerA, sent.token)).statusCode).toBe(200);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it('of two accounts opening the link at once, exactly one gets it', async () => {
    const { brokerA, employerA, employerB } = suite.parties.accounts;
    const sent = await invitation(brokerA);
    const answers = await Promise.all([claim(employerA, sent.token), claim(employerB, sent.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? employerA : employerB;
    expect(await itemRow(sent.actionItemId)).toMatchObject({ user_id: winner.userId });
  });

  it('refuses an expired or unknown link, the inviter, and compliance, changing nothing', async () => {
    const { brokerA, employerA, compliance } = suite.parties.accounts;
    const sent = await invitation(brokerA);
    const before = await snapshot(suite.ctx.db);
    expect((await claim(employerA, 'not-a-link')).statusCode).toBe(400);
    const own = await claim(brokerA, sent.token);
    expect([own.statusCode, own.json()]).toEqual([
      400,
      { message: ACTION_ITEMS_MESSAGES.invitation.ownInvitation },
    ]);
    expect((await claim(compliance, sent.token)).statusCode).toBe(403);
    expect(await snapshot(suite.ctx.db)).toEqual(before);

    await suite.ctx.db
      .updateTable('action_item')
      .set({ claim_expires_at: new Date(Date.now() - 1).toISOString() })
      .where('action_item_id', '=', sent.actionItemId)
      .execute();
    const late = await claim(employerA, sent.token);
    expect([late.statusCode, late.json()]).toEqual(INVALID_LINK);
    expect(await itemRow(sent.actionItemId)).toMatchObject({ user_id: null });
  });

  it("compliance's invitation: its document stays with the compliance user until the claim, then is the claimer's", async () => {
    const { compliance, employerB } = suite.parties.accounts;
    const sent = await invitation(compliance);
    const owner = async () =>
      (
        await suite.ctx.db
          .selectFrom('epop_document')
          .select('owner_user_id')
          .where('document_id', '=', sent.documentId)
          .executeTakeFirstOrThrow()
      ).owner_user_id;
    expect(await owner()).toBe(compliance.userId);
    expect((await claim(employerB, sent.token)).statusCode).toBe(200);
    expect(await owner()).toBe(employerB.userId);
    // The client's change log says who accepted it.
    const log = await suite.ctx.db
      .selectFrom('change_log')
      .select('description')
      .where('document_id', '=', sent.documentId)
      .execute();
    expect(log.map((row) => row.description)).toContainEqual(
      expect.stringContaining(`the invitation to purchase it accepted by ${employerB.userId}`),
    );
  });
});
