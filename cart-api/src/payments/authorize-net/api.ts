import type { AuthorizeNetConfig } from './config.js';

/**
 * Authorize.Net's JSON API (the XML API's elements as JSON, in the schema's order): one POST to the
 * endpoint per call, the call named by the body's single root key (`createTransactionRequest`, …). Its
 * answers come with HTTP 200 whatever they say, and start with a UTF-8 byte order mark.
 */

/** The API's verdict on the request itself (`Ok`, or `Error` with codes such as E00007). */
export interface ApiMessages {
  resultCode: 'Ok' | 'Error';
  message: { code: string; text: string }[];
}

/** `transactionResponse` of createTransactionResponse. */
export interface TransactionResponse {
  /** 1 approved, 2 declined, 3 error, 4 held for review. */
  responseCode: string;
  authCode?: string;
  transId?: string;
  refTransID?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: { code: string; description: string }[];
  errors?: { errorCode: string; errorText: string }[];
}

export interface CreateTransactionAnswer {
  refId?: string;
  messages: ApiMessages;
  transactionResponse?: TransactionResponse;
}

/** `transaction` of getTransactionDetailsResponse (the parts the adapter reads). */
export interface TransactionDetails {
  transId: string;
  refTransId?: string;
  transactionType: string;
  transactionStatus: string;
  responseCode: number;
  responseReasonCode: number;
  responseReasonDescription: string;
  authAmount?: number;
  settleAmount?: number;
  order?: { invoiceNumber?: string; description?: string };
  payment?: {
    creditCard?: { cardNumber: string; expirationDate: string; cardType?: string };
    bankAccount?: {
      accountType?: string;
      routingNumber: string;
      accountNumber: string;
      nameOnAccount: string;
      echeckType?: string;
      bankName?: string;
    };
  };
  /** An eCheck that came back: `[{ code: 'R01', description: 'Insufficient Funds', … }]` (or wrapped). */
  returnedItems?: ReturnedItem[] | { returnedItem: ReturnedItem | ReturnedItem[] };
}

export interface ReturnedItem {
  id?: string;
  dateUTC?: string;
  code: string;
  description: string;
}

export interface TransactionDetailsAnswer {
  messages: ApiMessages;
  transaction?: TransactionDetails;
}

/**
 * The processor could not be asked or its answer not read (a timeout, a refused connection, an HTTP
 * error, a body that is not its JSON): the outcome is unknown, the caller asks again with the same key.
 */
export class AuthorizeNetUnavailable extends Error {
  override name = 'AuthorizeNetUnavailable';
}

/**
 * The API refused the request itself (no transaction was attempted): wrong credentials (E00007), a
 * request it could not read (E00003), the Transaction Details API not enabled (E00011), …
 */
export class AuthorizeNetRefused extends Error {
  override name = 'AuthorizeNetRefused';
  constructor(
    readonly code: string,
    text: string,
  ) {
    super(`Authorize.Net refused the request: ${code} ${text}`);
  }
}

const BOM = '\uFEFF';

/**
 * Posts `{ [root]: { merchantAuthentication, ...body } }` and answers the parsed JSON. Throws
 * AuthorizeNetUnavailable when no readable answer came within the account's `timeoutMs`. Neither the
 * body (card and account numbers) nor the transaction key ever reaches an error message.
 */
export async function callApi<T extends { messages: ApiMessages }>(
  account: AuthorizeNetConfig,
  root: string,
  body: Record<string, unknown>,
): Promise<T> {
  const request = {
    [root]: {
      merchantAuthentication: { name: account.apiLoginId, transactionKey: account.transactionKey },
      ...body,
    },
  };
  let text: string;
  try {
    const response = await fetch(account.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(account.timeoutMs),
    });
    text = await response.text();
    if (!response.ok) throw new AuthorizeNetUnavailable(`Authorize.Net answered HTTP ${response.status}`);
  } catch (error) {
    if (error instanceof AuthorizeNetUnavailable) throw error;
    const cause = error as Error & { cause?: { code?: string } };
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') {
      throw new AuthorizeNetUnavailable(
        `Authorize.Net did not answer ${root} within ${account.timeoutMs} ms`,
      );
    }
    throw new AuthorizeNetUnavailable(
      `Authorize.Net could not be reached (${cause.cause?.code ?? cause.message})`,
    );
  }
  let answer: T;
  try {
    answer = JSON.parse(text.startsWith(BOM) ? text.slice(1) : text) as T;
  } catch {
    throw new AuthorizeNetUnavailable(`Authorize.Net's answer to ${root} is not JSON`);
  }
  if (!answer || typeof answer !== 'object' || !answer.messages) {
    throw new AuthorizeNetUnavailable(`Authorize.Net's answer to ${root} has no messages`);
  }
  return answer;
}

/** The API's first message, for a refusal. */
export function refusalOf(messages: ApiMessages): AuthorizeNetRefused {
  const [first] = asList(messages.message);
  // The API quotes an invalid value in its sentence (E00003: "The value '4111…' is invalid"): its
  // digits are masked, so a card or account number never reaches an error message or a log.
  const text = (first?.text ?? 'An error occurred during processing.').replace(/\d{3,}/g, '…');
  return new AuthorizeNetRefused(first?.code ?? 'E00001', text);
}

/** A list the JSON may give as an array, as one object, or not at all. */
export function asList<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}
