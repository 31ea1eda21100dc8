import type { Generated } from 'kysely';

/**
 * cart-api's tables as Kysely sees them. Portable across SQLite and PostgreSQL: ids are uuid text,
 * timestamps ISO-8601 text (`toISOString()`, so text order is time order), plan-year dates
 * `YYYY-MM-DD` text, booleans integers 0/1, money integer cents.
 */
export interface ProductTable {
  product_id: string;
  code: string;
  name: string;
  price_cents: number;
}

/** Product attributes (migration 0007): `roles` a JSON array of role groups, null for everyone. */
export interface AttributeTable {
  attribute_id: string;
  product_id: string;
  name: string;
  roles: string | null;
  /** Its first value is chosen by default for the roles that see it. */
  preselected: Generated<number>;
  position: number;
}

export interface AttributeValueTable {
  attribute_value_id: string;
  attribute_id: string;
  display: string;
  price_adjustment_cents: number;
  position: number;
}

export interface SystemMessageTable {
  system_message_id: string;
  message: string;
  style: 'info' | 'success' | 'warning' | 'danger';
  location: string;
  active: number;
  created_at: string;
  /** The display window (migration 0029): `show_from`/`show_to` as compliance gave them (a day or a
   * New York date and time), `starts_at`/`ends_at` the instants they name (ISO, `ends_at` exclusive). */
  show_from: string | null;
  show_to: string | null;
  starts_at: string | null;
  ends_at: string | null;
  updated_at: string | null;
}

/** One JSON value per key (`definitions`, `links`, `videoIds`, `support` make up AppConfig). */
export interface AppConfigTable {
  key: string;
  value: string;
}

/** Global settings as JSON values, e.g. `refresh-token` → `{"enabled":true}`. */
export interface SettingTable {
  key: string;
  value: string;
}

export type CompanyKind = 'client' | 'strategic-partner';

export interface CompanyTable {
  company_id: string;
  kind: CompanyKind;
  name: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  phone: string | null;
  federal_tax_id: string | null;
  legal_entity_type: string | null;
  state_of_legal_construction: string | null;
  /** Clients: the reseller they came through. */
  strategic_partner_id: string | null;
  /** Clients: the broker (identity-api user id) who looks after them. */
  broker_user_id: string | null;
  /** Strategic partners: their documents are Colonial documents (migration 0006). */
  colonial: Generated<number>;
  created_at: string;
  /** Clients: their account id at their strategic partner (migration 0016). */
  strategic_partner_account_id: Generated<string | null>;
  /** Strategic partners: their custom URL and referral link id, unique (migration 0017). */
  custom_url: Generated<string | null>;
  referral_id: Generated<string | null>;
  /** The company detail's notes, clients and strategic partners alike (migration 0019). */
  notes: Generated<string | null>;
  /** Clients: an ERISA account, 0/1 (migration 0019; the admin client page sets it). */
  erisa_account: Generated<number>;
  /** Clients: their billing number at Colonial, unique where set (migration 0020). */
  bcn: Generated<string | null>;
  /** Clients: the day Colonial qualified them (a return file's Qualify Date; migration 0020). */
  colonial_qualify_date: Generated<string | null>;
}

/** Which clients a user opened last (the admin 'Recently Viewed' list). */
export interface ClientViewTable {
  user_id: string;
  company_id: string;
  viewed_at: string;
}

export type DocumentStatus = 'Paid' | 'Unpaid' | 'Inactive' | 'Processing';

export interface EpopDocumentTable {
  document_id: string;
  product_id: string;
  /** The user whose dashboard lists it: the ordering broker, or the employer for themselves. */
  owner_user_id: string;
  client_company_id: string;
  strategic_partner_id: string | null;
  name: string;
  plan_year_start: string;
  plan_year_end: string;
  status: DocumentStatus;
  /** The order form's fields (specs/2-documents.md §3), JSON. */
  json: string;
  active: number;
  /** 1 for a document created without a purchase ('Create Free Document'); migration 0006. */
  free: Generated<number>;
  /** Who created it (a user id); null for documents older than migration 0006. */
  created_by: Generated<string | null>;
  created_at: string;
  /** The document this one renews (migration 0009). */
  original_document_id: Generated<string | null>;
  /** Compliance's note (the admin document page; migration 0016). */
  notes: Generated<string | null>;
  /** The status Reactivate gives back; null unless deactivated (migration 0016). */
  status_before_inactive: Generated<DocumentStatus | null>;
  /** The Colonial no-pay reason processed for it and when (the bill file; migration 0020). */
  no_pay_code: Generated<string | null>;
  no_pay_at: Generated<string | null>;
  /**
   * Compliance's reason for a plan year or amendment that starts before the day the document was
   * ordered (the rule is otherwise refused), who gave it and when (migration 0026).
   */
  retroactive_reason: Generated<string | null>;
  retroactive_reason_by: Generated<string | null>;
  retroactive_reason_at: Generated<string | null>;
  /**
   * The broker of its client company, kept by database triggers (never written by the code; migration
   * 0028): what a broker's part of My POP Documents is found by.
   */
  client_broker_user_id: Generated<string | null>;
}

export interface OrdersTable {
  order_id: string;
  order_number: string;
  user_id: string;
  ordered_by: string;
  ordered_by_email: string;
  transaction_id: string | null;
  payment_method: string | null;
  total_cents: number;
  /** 1 until compliance marks the order reviewed. */
  is_new: number;
  paid_at: string | null;
  subtotal_cents: Generated<number>;
  discount_cents: Generated<number>;
  /** 'Visa', 'Mastercard', 'Checking', 'Savings'… and the last four digits: nothing more is kept. */
  payment_brand: Generated<string | null>;
  payment_last4: Generated<string | null>;
  /** The receipt as it was at purchase (JSON `ReceiptData`, migration 0013); null for older orders. */
  receipt_data: Generated<string | null>;
  /** Receipt markup, once paid. */
  receipt: string | null;
  created_at: string;
  /**
   * Where a payment that settles later stands (migration 0031): null when it was decided at once
   * (card, free, older orders); `pending` until the settlement job hears `settled` or `returned`.
   */
  settlement: Generated<'pending' | 'settled' | 'returned' | null>;
  /** The processor's sentence of a returned payment (the bank's reason). */
  settlement_text: Generated<string | null>;
  /**
   * What the order search matches, lower-cased: order number, transaction id and the order's client
   * company names, joined by U+001F. Kept by triggers (migration 0003); never written by the app.
   */
  search_text: Generated<string>;
}

export interface OrderItemTable {
  order_item_id: string;
  order_id: string;
  product_id: string;
  product_type: string;
  display_text: string;
  document_id: string | null;
  client_company_id: string | null;
  broker_name: string | null;
  /** What was paid: unit_price_cents − discount_cents. */
  price_cents: number;
  unit_price_cents: Generated<number>;
  discount_cents: Generated<number>;
  returned: number;
}

export interface CartItemTable {
  cart_item_id: string;
  user_id: string;
  product_id: string;
  document_id: string | null;
  action_item_id: string | null;
  strategic_partner_id: string | null;
  display_text: string;
  /** The product's price when added, and the chosen attribute's adjustment (§9: price = base + adjustment). */
  base_price_cents: number;
  price_adjustment_cents: number;
  /** Unused since migration 0013: the discount is computed from the applied codes at every read. */
  discount_cents: number;
  /** Chosen attribute value ids, JSON array. */
  attributes: string;
  /** The document serialized, as the order form left it. */
  json: string;
  saved_for_later: number;
  created_at: string;
}

export interface ActionItemTable {
  action_item_id: string;
  /** Whose pending list shows it; null for an invitation nobody has claimed yet (migration 0023). */
  user_id: string | null;
  item_type: string;
  description: string;
  json: string;
  created_by: string;
  created_at: string;
  completed: number;
  completed_at: string | null;
  /** An invitation's link: the SHA-256 of its token (unique), its end, and when it was claimed (0023). */
  claim_token_hash: Generated<string | null>;
  claim_expires_at: Generated<string | null>;
  claimed_at: Generated<string | null>;
}

/** A user linked to a company (an employer to their own company): migration 0005. */
export interface CompanyUserTable {
  company_id: string;
  user_id: string;
  created_at: string;
}

export interface PageViewTable {
  page_view_id: string;
  path: string;
  user_id: string | null;
  viewed_at: string;
}

export type DiscountType = 'Product' | 'Total';

/** A promo code (migration 0006): exactly one of percentage and amount_cents is set. */
export interface DiscountTable {
  discount_id: string;
  code: string;
  /** `code` lower-cased: codes match case-insensitively. */
  code_key: string;
  percentage: number | null;
  amount_cents: number | null;
  /** The most the code takes off, in cents; null: no cap. */
  max_amount_cents: number | null;
  /** First and last valid day, inclusive, YYYY-MM-DD. */
  start_date: string;
  end_date: string;
  /** The product it applies to; null: every product. */
  product_id: string | null;
  type: DiscountType;
  /** How many paid orders used it. */
  usage: Generated<number>;
  created_at: string;
}

/** A promo code a user applied to their cart. */
export interface CartDiscountTable {
  user_id: string;
  discount_id: string;
  applied_at: string;
}

/** A rule assigned to a strategic partner (migration 0008): `settings` is the type's row as JSON. */
export interface PartnerRuleTable {
  rule_id: string;
  company_id: string;
  /** 1 auto-renew, 2 bypass shopping cart, 3 custom pricing, 4 exclude states, 5 link account id to promo code. */
  rule_type_id: number;
  product_id: string | null;
  settings: string;
  created_at: string;
}

/** A partner's label and help text of an order-form field (migration 0008). */
export interface PartnerLabelTable {
  company_id: string;
  internal_name: string;
  label: string;
  help_text: string;
  visible: number;
}

/** A Colonial no-pay reason (migration 0008, reference data). */
export interface NoPayOptionTable {
  code: string;
  description: string;
  position: number;
}

export type PurchaseState = 'running' | 'charging' | 'charged' | 'done';

/** A user's purchase lock and its last result (migration 0013). */
export interface PurchaseTable {
  user_id: string;
  purchase_id: string;
  state: PurchaseState;
  started_at: string;
  finished_at: string | null;
  /** JSON `PurchaseSnapshot` from `charging` on. */
  snapshot: string | null;
  transaction_id: string | null;
  display_text: string | null;
  order_id: string | null;
  /** 1 when the processor accepted the payment without deciding it (migration 0031: an ACH debit). */
  pending: Generated<number>;
}

export interface CounterTable {
  name: string;
  value: number;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

/** Work done after the request that asked for it (migrations 0014, 0022). */
export interface JobTable {
  job_id: string;
  kind: string;
  /** JSON. */
  payload: string;
  /** At most one job with this key, ever (a reminder per document and plan year). */
  unique_key: string | null;
  state: JobState;
  due_at: string;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** JSON of what the handler answered. */
  result: string | null;
  created_at: string;
  finished_at: string | null;
  /** How many of its claims ended with their lease, the worker gone (migration 0022). */
  abandoned: Generated<number>;
  /** The user it acts for (who asked for it); null for the service's own jobs (migration 0022). */
  owner_id: string | null;
  /** Its place in the line, an ISO instant of the queue's own time (migration 0022; README "Jobs"). */
  turn: Generated<string>;
  /** At most one job with it waits for its first attempt (migration 0030: `enqueueOrPostpone`). */
  pending_key: string | null;
}

/** A generated file as it was handed out (migration 0015): `content` is its bytes in base64. */
export interface DocumentArchiveTable {
  archive_id: string;
  document_id: string;
  name: string;
  content_type: string;
  content: string;
  generated_by: string;
  generated_at: string;
  /** What the file was made of (migration 0024): the same hash is the same file, served again. */
  input_hash: Generated<string | null>;
}

/** The hits of one limited key in its sliding window (migration 0024, `src/domain/limits/`). */
export interface RateLimitTable {
  limit_key: string;
  /** JSON array of the ISO instants at which the key's counted uses leave the window. */
  hits: Generated<string>;
  updated_at: string;
}

/** An order's receipt PDF as last made (migration 0024): its bytes as the archive keeps them. */
export interface ReceiptFileTable {
  order_id: string;
  input_hash: string;
  content: string;
  generated_at: string;
}

/** A non-discrimination test as the server computed it (migration 0016): input and results are JSON. */
export interface NdtResultTable {
  ndt_result_id: string;
  document_id: string;
  /** The plan year it was taken for (the testing reminder asks once per plan year). */
  plan_year_start: string;
  plan_year_end: string;
  taken_by: string;
  taken_by_name: string;
  created_at: string;
  pass: number;
  input: string;
  results: string;
}

/** What happened to a client company or one of its documents (migration 0016). */
export interface ChangeLogTable {
  change_id: string;
  company_id: string;
  document_id: string | null;
  user_id: string;
  user_name: string;
  changed_at: string;
  description: string;
}

export interface Database {
  product: ProductTable;
  attribute: AttributeTable;
  attribute_value: AttributeValueTable;
  system_message: SystemMessageTable;
  app_config: AppConfigTable;
  setting: SettingTable;
  company: CompanyTable;
  client_view: ClientViewTable;
  epop_document: EpopDocumentTable;
  orders: OrdersTable;
  order_item: OrderItemTable;
  cart_item: CartItemTable;
  action_item: ActionItemTable;
  page_view: PageViewTable;
  company_user: CompanyUserTable;
  discount: DiscountTable;
  cart_discount: CartDiscountTable;
  partner_rule: PartnerRuleTable;
  partner_label: PartnerLabelTable;
  no_pay_option: NoPayOptionTable;
  purchase: PurchaseTable;
  counter: CounterTable;
  job: JobTable;
  document_archive: DocumentArchiveTable;
  ndt_result: NdtResultTable;
  change_log: ChangeLogTable;
  colonial_test_bcn: ColonialTestBcnTable;
  colonial_return_file: ColonialReturnFileTable;
  colonial_return_row: ColonialReturnRowTable;
  rate_limit: RateLimitTable;
  receipt_file: ReceiptFileTable;
  settings_change: SettingsChangeTable;
  document_draft: DocumentDraftTable;
}

/** The order form's unsaved answers, per user and form (migration 0033; README "Order form drafts"). */
export interface DocumentDraftTable {
  user_id: string;
  /** Which form: `new`, `document:{id}`, … (contract/document-draft.ts `DraftQuery`). */
  form_key: string;
  step: number;
  /** JSON: the answers by field name. */
  draft_values: string;
  saved_at: string;
}

/** A change of the settings compliance makes in Utilities (migration 0029): who, when, before/after. */
export interface SettingsChangeTable {
  change_id: string;
  changed_at: string;
  user_id: string;
  user_name: string;
  /** 'system-message' | 'app-config' | 'refresh-token' */
  subject: string;
  /** The system message's id; null for the configuration and the setting. */
  record_id: string | null;
  /** 'create' | 'update' | 'delete' */
  action: string;
  description: string;
  /** JSON: [{field, before, after}] */
  changes: string;
}

/** A test billing number (migration 0020): a return file's rows with it change nothing. */
export interface ColonialTestBcnTable {
  bcn: string;
  added_by: string;
  added_at: string;
}

/** An uploaded return file (migration 0020), one per job; `content` as the archive keeps bytes. */
export interface ColonialReturnFileTable {
  job_id: string;
  name: string;
  size: number;
  content: string;
  uploaded_by: string;
  uploaded_at: string;
}

/** A processed row of a return file (migration 0020), keyed by job and row number. */
export interface ColonialReturnRowTable {
  job_id: string;
  row_number: number;
  bcn_vendor: string;
  bcn: string;
  qualify_date: string | null;
  no_pay: string;
  result: string;
  success: number;
  client_id: string | null;
}
