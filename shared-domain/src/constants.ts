/** Business constants and limits (specs/1-foundation.md §9). Times are in milliseconds. */
export const PAGE_SIZE = 10;
export const PAGINATION_MARGIN_PAGES = 5;
export const SESSION_ABSOLUTE_MS = 2 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 120 * 60 * 1000;
export const IDLE_CHECK_INTERVAL_MS = 60 * 1000;
export const TOKEN_REFRESH_AFTER_MS = 20 * 60 * 1000;
export const APP_START_FALLBACK_MS = 5000;
export const TOAST_DURATION_MS = 5000;
export const PASSWORD_MIN_LENGTH = 9;
export const FEE_WITH_COMMISSION = 300;
export const FEE_WITHOUT_COMMISSION = 225;
export const FICA_RATE = 0.0765;
export const GROUP_TERM_LIFE_LIMIT = 50_000;
export const PRODUCT_CODE_EPOP = 'epop';
/** The kinds of action item (a vocabulary: cart-api's contract builds its `itemType` schema from it). */
export const ACTION_ITEM_TYPES = [
  'pop-document-invite',
  'unpaid-pop-action-item',
  'colonial-cancellation-purchase',
  'pop-document-ndt',
  'pop-document-renewal',
] as const;
export type ActionItemType = (typeof ACTION_ITEM_TYPES)[number];
/** The header every /bff/* and /api/* request must carry (CSRF defence, ARCHITECTURE.md). */
export const CSRF_HEADER = 'x-csrf';
/** The element of index.html where the gateway writes what the first render needs (`BootData`). */
export const BOOT_BLOCK_ID = 'pop-boot';
