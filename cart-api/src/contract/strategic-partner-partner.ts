import { Nullable, Type, Uuid, type Static } from 'service-kit';

/** `strategic-partner/{companyId}` (the specs' companyId; one name with the routes already here). */
export const PartnerIdParams = Type.Object({ id: Uuid() }, { additionalProperties: false });

const text = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

/** specs/3-admin.md §3 "Strategic partner company" companyDetail; '' where nothing is recorded. */
export const PartnerCompanyDetail = Type.Object(
  {
    name: text(200),
    phone: text(200, '(###) ###-####'),
    federalTaxId: text(200, '##-#######'),
    addressLine1: text(200),
    addressLine2: text(200),
    city: text(200),
    state: text(200, 'two-letter id, one of the 50 states and DC'),
    zipCode: text(200, '##### or #####-####'),
    notes: text(2000),
  },
  { additionalProperties: false },
);
export type PartnerCompanyDetail = Static<typeof PartnerCompanyDetail>;

/** A strategic partner: `GET strategic-partner` (each), `GET strategic-partner/{companyId}`, `…/new`. */
export const StrategicPartner = Type.Object({
  companyId: Uuid(),
  name: Type.String({ description: "companyDetail.name (the 'New POP Document' dropdown reads it)" }),
  customUrl: Type.String(),
  referralId: Type.String({
    description: "its referral link's id (the site + /#/referral/{referralId}); '' until saved",
  }),
  companyDetail: PartnerCompanyDetail,
});
export type StrategicPartner = Static<typeof StrategicPartner>;

/** `GET strategic-partner/new`: a blank partner, no companyId until it is saved. */
export const NewStrategicPartner = Type.Object({
  ...StrategicPartner.properties,
  companyId: Nullable(Uuid({ description: 'null: none until the partner is saved' })),
});
export type NewStrategicPartner = Static<typeof NewStrategicPartner> & { companyId: null };

const PARTNER_EXAMPLE = {
  customUrl: 'https://www.summitbenefits.example',
  companyDetail: {
    name: 'Summit Benefits Partners',
    phone: '(303) 555-0110',
    federalTaxId: '84-1234567',
    addressLine1: '110 Commerce Way',
    addressLine2: '',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    notes: '',
  },
};

/**
 * `POST strategic-partner` and `POST strategic-partner/{companyId}`: the company object as the page
 * holds it. companyId and referralId may come back as read; the server keeps its own (the referral id
 * is given at creation and never changes).
 */
export const StrategicPartnerBody = Type.Object(
  {
    companyId: Type.Optional(Nullable(Uuid())),
    name: Type.Optional(text(200, 'ignored: companyDetail.name is the name')),
    referralId: Type.Optional(text(100, 'ignored: given by the server')),
    customUrl: text(500),
    companyDetail: PartnerCompanyDetail,
  },
  { additionalProperties: false, examples: [PARTNER_EXAMPLE] },
);
export type StrategicPartnerBody = Static<typeof StrategicPartnerBody>;

export const PartnerDeleted = Type.Object({ companyId: Uuid(), deleted: Type.Literal(true) });

/** specs/3-admin.md §3 "Partner label": an order-form field's label and help text for this partner. */
export const PartnerLabel = Type.Object(
  {
    internalName: Type.String({
      maxLength: 100,
      description: "the order form's field: 'account-id', 'account-id-suffix'",
    }),
    label: Type.String({ maxLength: 200 }),
    helpText: Type.String({ maxLength: 1000 }),
    visible: Type.Boolean({ description: 'shown on the order form' }),
  },
  { additionalProperties: false },
);
export type PartnerLabel = Static<typeof PartnerLabel>;

export const PartnerLabels = Type.Array(PartnerLabel, {
  maxItems: 50,
  examples: [
    [
      {
        internalName: 'account-id',
        label: 'Summit Member Number',
        helpText: 'On the member card',
        visible: true,
      },
      { internalName: 'account-id-suffix', label: 'Account ID Suffix', helpText: '', visible: false },
    ],
  ],
});
