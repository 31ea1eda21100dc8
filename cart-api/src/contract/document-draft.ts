import { DOCUMENT_STEP_FIELDS } from 'shared-domain/forms';
import { Nullable, Type, type Static } from 'service-kit';

const UUID = '[0-9A-Fa-f]{8}-(?:[0-9A-Fa-f]{4}-){3}[0-9A-Fa-f]{12}';

/**
 * Which order form a draft is for (mf-documents' routes): `new`, `new:{strategicPartnerId}`,
 * `document:{documentId}` (an edit), `renew:{documentId}`, `cart-item:{cartItemId}`,
 * `action-item:{actionItemId}`. The caller is the other half of the key: a draft is only ever its
 * author's.
 */
export const DraftQuery = Type.Object(
  {
    form: Type.String({
      maxLength: 60,
      pattern: `^(?:new|(?:new|document|renew|cart-item|action-item):${UUID})$`,
      description:
        'the form: new, new:{strategicPartnerId}, document:{documentId}, renew:{documentId}, cart-item:{cartItemId} or action-item:{actionItemId}',
      examples: ['new'],
    }),
  },
  { additionalProperties: false },
);
export type DraftQuery = Static<typeof DraftQuery>;

/**
 * One answer as the form holds it while it is typed, which need not pass the rules yet (a half-typed
 * date stays text, an emptied count is ''): only its type and length are bounded here.
 */
const DraftValue = Type.Union([
  Type.String({ maxLength: 500 }),
  Type.Integer({ minimum: 0, maximum: 999_999_999 }),
  Type.Boolean(),
  Type.Null(),
]);

/** The order form's fields (shared-domain's `documentSchema`, step by step) and compliance's reason. */
export const DRAFT_FIELDS = [
  ...DOCUMENT_STEP_FIELDS[1],
  ...DOCUMENT_STEP_FIELDS[2],
  ...DOCUMENT_STEP_FIELDS[3],
  'retroactiveReason',
] as const;

export const DraftValues = Type.Partial(
  Type.Object(
    Object.fromEntries(DRAFT_FIELDS.map((name) => [name, DraftValue])) as Record<string, typeof DraftValue>,
  ),
  { additionalProperties: false, description: "the order form's answers so far, by field name" },
);
export type DraftValues = Static<typeof DraftValues>;

const DraftStep = Type.Integer({ minimum: 1, maximum: 4, description: 'the step the user was on' });

/** `PUT document-draft?form=…`: the answers so far (the whole draft: it replaces the stored one). */
export const DraftBody = Type.Object(
  { step: DraftStep, values: DraftValues },
  {
    additionalProperties: false,
    examples: [{ step: 2, values: { clientCompanyName: 'Orchard Dental Group', isERISA: true } }],
  },
);
export type DraftBody = Static<typeof DraftBody>;

export const SavedDraft = Type.Object({
  form: Type.String(),
  step: DraftStep,
  values: DraftValues,
  savedAt: Type.String({ format: 'date-time', description: 'when it was last saved (UTC)' }),
});
export type SavedDraft = Static<typeof SavedDraft>;

/** `GET document-draft?form=…`: the caller's draft of that form, or null (none, or expired). */
export const DraftAnswer = Type.Object({ draft: Nullable(SavedDraft) });
export type DraftAnswer = Static<typeof DraftAnswer>;
