import type { RoleGroup } from './roles.js';

/** What the gateway answers for the signed-in user (never a token). */
export interface SessionUser {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /** Effective role after role resolution (§4). */
  role: string | undefined;
  /** All roles as granted. */
  roles: string[];
  roleGroup: RoleGroup;
}

/** A page of a list endpoint: `data[]` and the number of `pages` (§7). */
export interface Page<T> {
  data: T[];
  pages: number;
}

/** The specs' error formats (ARCHITECTURE.md "Errors"). */
export interface ValidationErrorBody {
  type: 'validation';
  errors: string[];
}
export interface MessageErrorBody {
  message: string;
}
export interface ServerErrorBody {
  errorText: string;
  stackTrace?: string;
}

export interface SystemMessage {
  message: string;
  style: 'info' | 'success' | 'warning' | 'danger';
  location: string;
}

export interface AppConfig {
  definitions: { keyEmployee: string; hce: string };
  links: { popImplementationGuide: string; employeeQuickReferenceGuide: string };
  videoIds: Record<string, string>;
}

export interface RefreshTokenSetting {
  enabled: boolean;
}

export interface CartItem {
  id: string;
  cartItemId: string;
  product: string;
  unitPrice: number;
  discount: number;
  total: number;
}

export interface Cart {
  total: number;
  subtotal: number;
  discount: number;
  items: CartItem[];
  savedForLater: CartItem[];
}

export interface CartCounts {
  cartCount: number;
  savedForLaterCount: number;
}

export interface OrderItem {
  orderItemId: string;
  productType: string;
  displayText: string;
  returned: boolean;
  documentId: string | null;
  currentPlanYearStartDate: string | null;
  currentPlanYearEndDate: string | null;
  clientId: string | null;
  clientCompanyName: string | null;
  price: number;
  broker: string | null;
}

export interface Order {
  orderId: string;
  orderNumber: string;
  orderDate: string;
  orderedBy: string;
  orderedByEmail: string;
  total: number;
  transactionId: string | null;
  new: boolean;
  hasReceipt: boolean;
  items: OrderItem[];
}

/** A row of 'My POP Documents'. Dates are ISO `YYYY-MM-DD` (createdDate an ISO timestamp). */
export interface DocumentListRow {
  documentId: string;
  orderId: string | null;
  orderNumber: string | null;
  name: string;
  clientId: string;
  startDate: string;
  endDate: string;
  createdDate: string;
  showUserReceipt: boolean;
  status: 'Paid' | 'Unpaid' | 'Inactive' | 'Processing';
  /** Inactive or being processed: it can be viewed, not edited or tested. */
  isReadOnly: boolean;
  /** Deactivated by compliance: Reactivate gives its status back. */
  deactivated: boolean;
  /** Paid, its plan year ends within 90 days (or has ended), and not renewed yet. */
  readyForRenewal: boolean;
}

export type ActionItemType =
  | 'pop-document-invite'
  | 'unpaid-pop-action-item'
  | 'colonial-cancellation-purchase'
  | 'pop-document-ndt'
  | 'pop-document-renewal';

export interface ActionItem {
  id: string;
  itemType: ActionItemType;
  description: string;
  json: string;
  createdBy: string;
  createdDate: string;
}

export interface PendingActionItems {
  today: ActionItem[];
  yesterday: ActionItem[];
  pastweek: ActionItem[];
  older: ActionItem[];
}
