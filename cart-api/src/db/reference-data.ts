import { NDT_DEFINITION_TEMPLATES, PRODUCT_CODE_EPOP } from 'shared-domain';
import type { AppConfig } from '../contract/system-message.js';

/**
 * Reference data every installation has (migration 0002), production included. Demo data lives in
 * src/demo/ instead. Ids are fixed so that later migrations can refer to these rows.
 */
export const EPOP_PRODUCT = {
  product_id: '5e1f0c2a-7d1b-4c1e-9a53-000000000001',
  code: PRODUCT_CODE_EPOP,
  name: 'POP Document',
  price_cents: 30_000,
};

export const LOGIN_SYSTEM_MESSAGE = {
  system_message_id: '5e1f0c2a-7d1b-4c1e-9a53-000000000101',
  message:
    'Welcome to POP Documents. Order, renew and manage your Section 125 Premium Only Plan documents online.',
  style: 'info' as const,
  location: 'login',
};

/**
 * The app configuration (`GET system-message/config/app`). The definitions are shared-domain's
 * templates, the one text of each (migration 0025 stores them where older ones were): the screens and
 * the plan document fill their placeholders with the plan year's limits (`ndtDefinitions`).
 */
export const APP_CONFIG: AppConfig = {
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  // The generated guides, served by the gateway (migration 0029 moved the links here from /docs/).
  links: {
    popImplementationGuide: '/guides/pop-implementation-guide.pdf',
    employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
  },
  videoIds: {},
  // Blank until compliance sets them in Utilities (the demo seed sets example values).
  support: { phone: '', email: '' },
};

export const REFRESH_TOKEN_SETTING_KEY = 'refresh-token';

/**
 * Prices (issue 9, migration 0007): the epop product's base price is $225.00; brokers see the
 * "Commission" attribute, preselected, whose one value adds $75.00 (so a broker's document costs
 * $300.00 and an employer's $225.00, the fee text's two figures).
 */
export const EPOP_BASE_PRICE_CENTS = 22_500;
export const COMMISSION_ATTRIBUTE = {
  attribute_id: '5e1f0c2a-7d1b-4c1e-9a53-000000000201',
  product_id: EPOP_PRODUCT.product_id,
  name: 'Commission',
  roles: JSON.stringify(['broker']),
  preselected: 1,
  position: 1,
};
export const COMMISSION_INCLUDED = {
  attribute_value_id: '5e1f0c2a-7d1b-4c1e-9a53-000000000202',
  attribute_id: COMMISSION_ATTRIBUTE.attribute_id,
  display: 'Commission included',
  price_adjustment_cents: 7_500,
  position: 1,
};

/**
 * The Colonial no-pay reasons (migration 0008; specs/2-documents.md §4 "Deactivation": N1 and N3
 * notify the client to purchase). The specs name only the codes: the descriptions are ours.
 */
export const NO_PAY_OPTIONS = [
  { code: 'N1', description: 'N1 - Colonial coverage cancelled: client to purchase', position: 1 },
  { code: 'N2', description: 'N2 - Paid by Colonial: no charge to the client', position: 2 },
  { code: 'N3', description: 'N3 - Not billable through Colonial: client to purchase', position: 3 },
  { code: 'N4', description: 'N4 - Duplicate document', position: 4 },
  { code: 'N5', description: 'N5 - Document issued in error', position: 5 },
] as const;
