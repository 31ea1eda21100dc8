/**
 * Every screen path of the specs in one typed table (1-foundation.md, 2-documents.md and 3-admin.md §2):
 * `paths` builds the address of a screen for links and navigation (ids encoded), `patterns` are the
 * same routes for route definitions. No app writes a screen path by hand (the lint checks it), so a
 * route that moves moves here alone.
 */

const encode = encodeURIComponent;

/** The sections of /admin/utilities (3-admin.md §2 Utilities); the promo-code editor has its own paths. */
export const UTILITY_SECTIONS = [
  'promo-code',
  'colonial-bill-file',
  'return-file-upload',
  'strategic-partner-report',
  'weekly-order-report',
  'bcn',
  // The settings (issue 23): the login and home messages, the app configuration, token refresh.
  'system-messages',
  'app-config',
  'refresh-token',
] as const;
export type UtilitySection = (typeof UTILITY_SECTIONS)[number];

export const paths = {
  // 1-foundation.md §2
  /** Guest: the login screen; signed in: the role's home (Order Management for compliance). */
  home: () => '/',
  /** The overview; `anchor` scrolls to one of its sections (the login screen's 'Other systems'). */
  about: (anchor?: 'other-systems') => (anchor ? `/about#${anchor}` : '/about'),
  /** The password reset; `expired` opens step 1.1 (the login screen's expired password). */
  forgotPassword: ({ expired = false }: { expired?: boolean } = {}) =>
    expired ? '/forgot-password?expired=true' : '/forgot-password',
  createAccount: () => '/create-account',
  /**
   * The first-login welcome; `invitationToken` (an invitation's link, in the query string) makes it go
   * on to accept that invitation once the account is set up.
   */
  firstTimeSetup: (token: string, invitationToken?: string) =>
    invitationToken === undefined
      ? `/first-time-setup/${encode(token)}`
      : `/first-time-setup/${encode(token)}?${new URLSearchParams({ invitationToken })}`,
  /** Exchanges a one-time token (in the query string, never in the path) for a session. */
  auth: (token?: string) => (token === undefined ? '/auth' : `/auth?${new URLSearchParams({ token })}`),
  logout: () => '/logout',
  /** Opens an e-mail verification link (its token in the query string, never in the path). */
  verifyEmail: (token?: string) =>
    token === undefined ? '/verify-email' : `/verify-email?${new URLSearchParams({ token })}`,
  /** Accepts an invitation to purchase (its link's token in the query string, never in the path). */
  invitation: (token?: string) =>
    token === undefined ? '/invitation' : `/invitation?${new URLSearchParams({ token })}`,
  referral: (referralId: string) => `/referral/${encode(referralId)}`,
  profile: () => '/profile',
  basket: () => '/basket',
  checkout: () => '/checkout',
  receipt: (orderId: string) => `/orders/${encode(orderId)}/receipt`,
  ndtTutorial: () => '/tutorials/ndt',

  // 2-documents.md §2
  /** A new blank document, or a new document for a strategic partner. */
  newDocument: (strategicPartnerId?: string) =>
    strategicPartnerId === undefined ? '/document/new' : `/document/new/${encode(strategicPartnerId)}`,
  /** Reopens the document held by a cart item. */
  cartItemDocument: (cartItemId: string) => `/document/cart/${encode(cartItemId)}`,
  /** Opens the document an action item is about. */
  actionItemDocument: (actionItemId: string) => `/document/action-item/${encode(actionItemId)}`,
  /** Edit, or view when read-only. */
  document: (documentId: string) => `/document/${encode(documentId)}`,
  documentReadonly: (documentId: string) => `/document/${encode(documentId)}/readonly`,
  documentRenew: (documentId: string) => `/document/${encode(documentId)}/renew`,
  documentAdminRenew: (documentId: string) => `/document/${encode(documentId)}/admin/renew`,
  documentNdt: (documentId: string) => `/document/${encode(documentId)}/ndt`,
  documentAdmin: (documentId: string) => `/document/${encode(documentId)}/admin`,
  documentDownload: (documentId: string) => `/document/${encode(documentId)}/download`,
  /** The broker's view of a client. */
  client: (clientId: string) => `/client/${encode(clientId)}`,

  // 3-admin.md §2
  adminClients: () => '/admin/clients',
  adminClient: (clientId: string) => `/admin/client/${encode(clientId)}`,
  strategicPartners: () => '/admin/strategic-partners',
  newStrategicPartner: () => '/admin/strategic-partner/new',
  strategicPartner: (companyId: string) => `/admin/strategic-partner/${encode(companyId)}/details`,
  adminUsers: () => '/admin/users',
  /** The utilities menu, or one of its sections. */
  utilities: (section?: UtilitySection) =>
    section === undefined ? '/admin/utilities' : `/admin/utilities/${section}`,
  newPromoCode: () => '/admin/utilities/promo-code/new',
  promoCode: (id: string) => `/admin/utilities/promo-code/${encode(id)}`,
} as const;

/**
 * The routes of `paths` as React Router patterns. The `…Pages` entries (and `admin`, `utilities`) end in
 * a splat: the route that hands a section over to its own descendant `<Routes>`, which name their routes
 * with `below(section, pattern)`.
 */
export const patterns = {
  home: '/',
  about: '/about',
  forgotPassword: '/forgot-password',
  createAccount: '/create-account',
  firstTimeSetup: '/first-time-setup/:token',
  /** The welcome page opened without its token (it says the link is no good). */
  firstTimeSetupWithoutToken: '/first-time-setup',
  auth: '/auth',
  logout: '/logout',
  verifyEmail: '/verify-email',
  invitation: '/invitation',
  referral: '/referral/:referralId',
  profile: '/profile',
  basket: '/basket',
  checkout: '/checkout',
  receipt: '/orders/:orderId/receipt',
  ndtTutorial: '/tutorials/ndt',

  documentPages: '/document/*',
  newDocument: '/document/new/:strategicPartnerId?',
  cartItemDocument: '/document/cart/:cartItemId',
  actionItemDocument: '/document/action-item/:actionItemId',
  document: '/document/:documentId',
  documentReadonly: '/document/:documentId/readonly',
  documentRenew: '/document/:documentId/renew',
  documentAdminRenew: '/document/:documentId/admin/renew',
  documentNdt: '/document/:documentId/ndt',
  documentAdmin: '/document/:documentId/admin',
  documentDownload: '/document/:documentId/download',
  clientPages: '/client/*',
  client: '/client/:clientId',

  admin: '/admin/*',
  adminClients: '/admin/clients',
  adminClient: '/admin/client/:clientId',
  strategicPartners: '/admin/strategic-partners',
  newStrategicPartner: '/admin/strategic-partner/new',
  strategicPartner: '/admin/strategic-partner/:companyId/details',
  adminUsers: '/admin/users',
  utilities: '/admin/utilities/*',
  newPromoCode: '/admin/utilities/promo-code/new',
  promoCode: '/admin/utilities/promo-code/:id',
} as const;

type SectionBase<Section extends `/${string}/*`> = Section extends `${infer Base}/*` ? Base : never;

/** `pattern` relative to `section`: below('/document/*', '/document/:documentId/ndt') is ':documentId/ndt'. */
export type Below<
  Section extends `/${string}/*`,
  Pattern extends string,
> = Pattern extends `${SectionBase<Section>}/${infer Rest}` ? Rest : never;

/**
 * A route of a section's descendant `<Routes>` (mounted at `section`, so its routes are relative to it).
 * A pattern outside the section does not compile (and throws, for the untyped caller).
 */
export function below<Section extends `/${string}/*`, Pattern extends `${SectionBase<Section>}/${string}`>(
  section: Section,
  pattern: Pattern,
): Below<Section, Pattern> {
  const base = `${section.slice(0, -'/*'.length)}/`;
  if (!pattern.startsWith(base)) throw new Error(`${pattern} is not below ${section}`);
  return pattern.slice(base.length) as Below<Section, Pattern>;
}
