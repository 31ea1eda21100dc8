/**
 * The fake's reading of a request as Authorize.Net's schema (AnetApiSchema.xsd) reads it: known
 * elements only, in the schema's order (the JSON API keeps the XML's sequence), the required ones
 * present, values within their lengths and patterns. A request it refuses is answered E00003 with a
 * sentence like the real one's, which quotes the offending value (the adapter masks digits in it).
 * Only the parts of the schema the adapter uses are described; anything else is an unknown element.
 */

export interface ElementSpec {
  name: string;
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  values?: readonly string[];
  /** A complex element: its children in the schema's order. */
  children?: readonly ElementSpec[];
  /** Repeats (JSON: an array, or one object). */
  list?: boolean;
}

const text = (name: string, max?: number, required = false): ElementSpec => ({
  name,
  required,
  ...(max ? { max } : {}),
});

const decimal = /^\d{1,15}(\.\d{1,4})?$/;
/** Digits, or four X's and the last four digits (a refund's masked card or account). */
const digitsOrMasked = (min: number, max: number) => new RegExp(`^(\\d{${min},${max}}|XXXX\\d{4})$`);

const merchantAuthentication: ElementSpec = {
  name: 'merchantAuthentication',
  required: true,
  children: [text('name', 25, true), text('transactionKey', 16, true)],
};

const creditCard: ElementSpec = {
  name: 'creditCard',
  children: [
    { name: 'cardNumber', required: true, pattern: digitsOrMasked(13, 16) },
    { name: 'expirationDate', required: true, pattern: /^(\d{4}-\d{2}|\d{2}\d{2}|XXXX)$/ },
    { name: 'cardCode', pattern: /^\d{3,4}$/ },
  ],
};

const bankAccount: ElementSpec = {
  name: 'bankAccount',
  children: [
    { name: 'accountType', values: ['checking', 'savings', 'businessChecking'] },
    { name: 'routingNumber', required: true, pattern: /^(\d{9}|XXXX\d{4})$/ },
    { name: 'accountNumber', required: true, pattern: digitsOrMasked(1, 17) },
    text('nameOnAccount', 22, true),
    { name: 'echeckType', values: ['PPD', 'WEB', 'CCD', 'TEL', 'ARC', 'BOC'] },
    text('bankName', 50),
  ],
};

const transactionRequest: ElementSpec = {
  name: 'transactionRequest',
  required: true,
  children: [
    {
      name: 'transactionType',
      required: true,
      values: ['authCaptureTransaction', 'refundTransaction', 'voidTransaction'],
    },
    { name: 'amount', pattern: decimal },
    { name: 'payment', children: [creditCard, bankAccount] },
    { name: 'refTransId', pattern: /^\d+$/ },
    { name: 'order', children: [text('invoiceNumber', 20), text('description', 255)] },
    text('poNumber', 25),
    { name: 'customer', children: [text('id', 20), text('email', 255)] },
    {
      name: 'billTo',
      children: [
        text('firstName', 50),
        text('lastName', 50),
        text('company', 50),
        text('address', 60),
        text('city', 40),
        text('state', 40),
        text('zip', 20),
        text('country', 60),
        text('phoneNumber', 25),
        text('faxNumber', 25),
        text('email', 255),
      ],
    },
    text('customerIP', 15),
    {
      name: 'transactionSettings',
      children: [
        {
          name: 'setting',
          list: true,
          children: [
            {
              name: 'settingName',
              values: ['duplicateWindow', 'emailCustomer', 'testRequest', 'allowPartialAuth'],
            },
            text('settingValue'),
          ],
        },
      ],
    },
  ],
};

/** The calls the fake answers, each a root element and its children. */
export const REQUESTS: Readonly<Record<string, readonly ElementSpec[]>> = {
  authenticateTestRequest: [merchantAuthentication],
  createTransactionRequest: [merchantAuthentication, text('refId', 20), transactionRequest],
  getTransactionDetailsRequest: [
    merchantAuthentication,
    { name: 'transId', required: true, pattern: /^\d+$/ },
  ],
};

const NS = 'AnetApi/xml/v1/schema/AnetApiSchema.xsd';

/** Checks `value` as the children of `parent`; answers the E00003 sentence of the first problem. */
export function shapeProblem(
  parent: string,
  value: unknown,
  children: readonly ElementSpec[],
): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return `The element '${parent}' in namespace '${NS}' has invalid content.`;
  }
  const names = children.map((child) => child.name);
  let position = 0;
  for (const key of Object.keys(value)) {
    const index = names.indexOf(key);
    if (index < position) return invalidChild(parent, key, names.slice(position).join(', ') || '(none)');
    // Skipped children must be optional.
    const skippedRequired = children.slice(position, index).find((child) => child.required);
    if (skippedRequired) return invalidChild(parent, key, skippedRequired.name);
    position = index + 1;
    const problem = elementProblem(children[index]!, (value as Record<string, unknown>)[key]);
    if (problem) return problem;
  }
  const missing = children.slice(position).find((child) => child.required);
  return missing ? incomplete(parent, missing.name) : null;
}

const invalidChild = (parent: string, key: string, expected: string) =>
  `The element '${parent}' in namespace '${NS}' has invalid child element '${key}' in namespace '${NS}'. List of possible elements expected: '${expected}' in namespace '${NS}'.`;

const incomplete = (parent: string, name: string) =>
  `The element '${parent}' in namespace '${NS}' has incomplete content. List of possible elements expected: '${name}' in namespace '${NS}'.`;

function elementProblem(spec: ElementSpec, value: unknown): string | null {
  if (spec.children) {
    const items = spec.list && Array.isArray(value) ? value : [value];
    for (const item of items) {
      // A choice (payment: creditCard or bankAccount) is one child of several; a sequence checks order.
      const problem =
        spec.name === 'payment' ? choiceProblem(spec, item) : shapeProblem(spec.name, item, spec.children);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    return `The element '${spec.name}' in namespace '${NS}' cannot contain child elements.`;
  }
  const scalar = String(value);
  const fails =
    (spec.max !== undefined && scalar.length > spec.max) ||
    (spec.pattern !== undefined && !spec.pattern.test(scalar)) ||
    (spec.values !== undefined && !spec.values.includes(scalar));
  if (!fails) return null;
  return `The '${NS}:${spec.name}' element is invalid - The value '${scalar}' is invalid according to its datatype '${NS}:${spec.name}' - The Pattern constraint failed.`;
}

function choiceProblem(spec: ElementSpec, value: unknown): string | null {
  const keys = value && typeof value === 'object' ? Object.keys(value) : [];
  const options = spec.children!.map((child) => child.name);
  if (keys.length !== 1 || !options.includes(keys[0]!)) {
    return `The element '${spec.name}' in namespace '${NS}' has invalid content. List of possible elements expected: '${options.join(', ')}' in namespace '${NS}'.`;
  }
  const child = spec.children!.find((option) => option.name === keys[0])!;
  return shapeProblem(child.name, (value as Record<string, unknown>)[child.name], child.children!);
}
