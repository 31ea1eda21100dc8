import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeLedger, FAKE_TEXTS, type FakeAnswer, type FakeTransaction } from './ledger.js';
import { REQUESTS, shapeProblem } from './shape.js';

/**
 * A local stand-in for Authorize.Net's JSON API (README "Payments"), for cart-api's tests and the e2e
 * stack (e2e/scripts/serve.mjs): an HTTP server answering `createTransactionRequest` (charge, eCheck
 * debit, refund, void), `getTransactionDetailsRequest` and `authenticateTestRequest` with the
 * processor's documented shapes, a byte order mark first, HTTP 200 whatever the verdict. It checks the
 * request against the schema (E00003), the call's name (E00004) and the credentials (E00007).
 * Nothing in src/ imports it outside this folder: it is never on a production path.
 */
export interface FakeAuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  /** 0 (the default) for any free port. */
  port?: number;
  host?: string;
  /** The fake's clock: a transaction settles `settleAfterMs` after it was submitted. */
  now?: () => Date;
  /** Default 10 minutes. */
  settleAfterMs?: number;
}

export interface FakeAuthorizeNet {
  /** The endpoint to give the adapter (AUTHORIZE_NET_ENDPOINT). */
  url: string;
  ledger: FakeLedger;
  /** Every request body as received (tests read what the adapter sent; kept in memory only). */
  requests: Record<string, unknown>[];
  /**
   * From now on, answers are held (each request is processed, its answer kept) until the returned
   * function is called: a processor that charged but whose answer is lost or late.
   */
  hold(): () => void;
  close(): Promise<void>;
}

const ENDPOINT_PATH = '/xml/v1/request.api';
const BOM = '\uFEFF';

type Json = Record<string, unknown>;

const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const refused = (code: string, text: string) => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});

export async function startFakeAuthorizeNet(options: FakeAuthorizeNetOptions): Promise<FakeAuthorizeNet> {
  const now = options.now ?? (() => new Date());
  const ledger = new FakeLedger(now, options.settleAfterMs ?? 10 * 60 * 1000);
  const requests: Json[] = [];
  let held: Promise<void> | null = null;

  function answer(body: string): object {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.startsWith(BOM) ? body.slice(1) : body);
    } catch (error) {
      return refused(
        'E00003',
        `An error occurred while parsing the JSON request: ${(error as Error).message}`,
      );
    }
    if (!parsed || typeof parsed !== 'object' || Object.keys(parsed).length !== 1) {
      return refused('E00003', 'The request must have exactly one root element.');
    }
    requests.push(parsed as Json);
    const [root, request] = Object.entries(parsed as Json)[0]!;
    const children = REQUESTS[root];
    if (!children) return refused('E00004', 'The name of the requested API method is invalid.');
    const problem = shapeProblem(root, request, children);
    if (problem) return refused('E00003', problem);
    const call = request as Json;
    const auth = call.merchantAuthentication as Json;
    if (auth.name !== options.apiLoginId || auth.transactionKey !== options.transactionKey) {
      return refused('E00007', 'User authentication failed due to invalid authentication values.');
    }
    const refId = call.refId === undefined ? {} : { refId: call.refId };
    if (root === 'authenticateTestRequest') return { messages: ok };
    if (root === 'getTransactionDetailsRequest') {
      const transaction = ledger.transactions.get(String(call.transId));
      if (!transaction) return refused('E00040', 'The record cannot be found.');
      return { transaction: details(transaction, ledger.statusOf(transaction)), messages: ok };
    }
    const result = ledger.transact(call.transactionRequest as Json);
    return { transactionResponse: transactionResponse(result), ...refId, messages: verdict(result) };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || request.url !== ENDPOINT_PATH) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.stringify(answer(Buffer.concat(chunks).toString('utf8')));
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(BOM + body);
      };
      if (held) void held.then(send);
      else send();
    });
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', ready);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}${ENDPOINT_PATH}`,
    ledger,
    requests,
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** createTransactionResponse's transactionResponse: `messages` when approved or held, `errors` otherwise. */
function transactionResponse(result: FakeAnswer) {
  const fine = result.responseCode === '1' || result.responseCode === '4';
  return {
    responseCode: result.responseCode,
    authCode: result.authCode,
    avsResultCode: result.accountType === 'eCheck' ? 'P' : 'Y',
    cvvResultCode: result.cvvResultCode,
    cavvResultCode: '',
    transId: result.transId,
    refTransID: result.refTransID,
    transHash: '',
    testRequest: '0',
    accountNumber: result.accountNumber,
    accountType: result.accountType,
    ...(fine
      ? { messages: [{ code: String(result.reasonCode), description: result.reasonText }] }
      : { errors: [{ errorCode: String(result.reasonCode), errorText: result.reasonText }] }),
    transHashSha2: '',
  };
}

/** The answer's `messages`: Ok when approved or held, E00027 for a decline or an error. */
function verdict(result: FakeAnswer) {
  if (result.responseCode === '1' || result.responseCode === '4') return ok;
  return { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] };
}

/** getTransactionDetailsResponse's transaction, in the schema's order. */
function details(transaction: FakeTransaction, transactionStatus: string) {
  const submitted = transaction.submittedAt.toISOString();
  const amount = transaction.amountCents / 100;
  return {
    transId: transaction.transId,
    ...(transaction.refTransId ? { refTransId: transaction.refTransId } : {}),
    submitTimeUTC: submitted,
    submitTimeLocal: submitted,
    transactionType: transaction.transactionType,
    transactionStatus,
    responseCode: transaction.responseCode,
    responseReasonCode: transaction.reasonCode,
    responseReasonDescription: transaction.responseCode === 1 ? 'Approval' : transaction.reasonText,
    authCode: transaction.authCode,
    AVSResponse: 'creditCard' in transaction.payment ? 'Y' : 'P',
    cardCodeResponse: transaction.cvvResultCode,
    ...(transaction.invoiceNumber ? { order: { invoiceNumber: transaction.invoiceNumber } } : {}),
    authAmount: amount,
    settleAmount: amount,
    taxExempt: false,
    payment: transaction.payment,
    recurringBilling: false,
    product: 'Card Not Present',
    marketType: 'eCommerce',
    ...(transactionStatus === 'returnedItem'
      ? {
          returnedItems: [
            {
              id: transaction.transId,
              dateUTC: submitted,
              dateLocal: submitted,
              ...(transaction.outcome === 'returnsLate'
                ? { code: 'R10', description: FAKE_TEXTS.returnedLate }
                : { code: 'R02', description: FAKE_TEXTS.returned }),
            },
          ],
        }
      : {}),
  };
}
