import {
  ERROR_SCHEMAS,
  MessageErrorSchema,
  NoContent,
  ServerErrorSchema,
  Type,
  ValidationErrorSchema,
  type Static,
  type TSchema,
} from 'service-kit';
import type { RoleGroup } from 'shared-domain';

/**
 * The contract of the gateway's own routes (`/bff/*`, routes/bff): what each takes and every answer it
 * gives. The one source of the routes' serializers and types, of their OpenAPI document
 * (lib/bff-openapi.ts, merged into `/api/openapi.json` and api-contract's document) and so of the
 * browser's generated types. A refusal keeps its catalogue text: the routes answer a body or query
 * outside its schema themselves (routes/bff `attachValidation`), so a schema here describes the input
 * without changing what a wrong one is told.
 */

/**
 * What the gateway answers for the signed-in user (`POST /bff/login`, `POST /bff/auth`, `GET
 * /bff/user`), never a token: the one definition. The route schemas serialize it, the OpenAPI
 * document publishes it as the component `SessionUser`, and the browser's type is generated from that
 * (shared-ui's `SessionUser`).
 */
export const SessionUserSchema = Type.Object(
  {
    userId: Type.String(),
    username: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    fullName: Type.String(),
    role: Type.Optional(
      Type.String({ description: 'The effective role after role resolution (§4); absent without a role.' }),
    ),
    roles: Type.Array(Type.String(), { description: 'All roles as granted.' }),
    roleGroup: Type.Union([
      Type.Literal('compliance'),
      Type.Literal('broker'),
      Type.Literal('epop'),
      Type.Literal('guest'),
    ]),
  },
  { $id: 'SessionUser', description: 'The signed-in user as the browser knows it (never a token).' },
);
export type SessionUser = Static<typeof SessionUserSchema>;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
/** The schema names exactly shared-domain's role groups: a type error when they drift. */
export type _RoleGroupIsShared = Assert<Same<SessionUser['roleGroup'], RoleGroup>>;

/** A `$ref` to a component (a schema with an `$id`, added with `addSchema`), typed as that schema. */
function refTo<T extends TSchema>(schema: T, description?: string) {
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new Error('refTo: the schema has no $id');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#`, ...(description ? { description } : {}) });
}

/** A refused password sign-in (specs/1-foundation.md §4 Login outcomes, §8). */
export const LoginRefusalSchema = Type.Object(
  {
    error: Type.Union(
      [
        Type.Literal('locked_out'),
        Type.Literal('password_expired'),
        Type.Literal('gsuite'),
        Type.Literal('invalid'),
      ],
      { description: '`invalid` for a wrong password and an unknown user alike.' },
    ),
    message: Type.String(),
    redirectUrl: Type.Optional(
      Type.String({
        description:
          'Where the browser goes next: the password reset (password_expired) or the external sign-in ' +
          'page with the username prefilled (gsuite).',
      }),
    ),
  },
  { $id: 'LoginRefusal', description: 'A refused sign-in: its key, the text to show, where to go next.' },
);
export type LoginRefusal = Static<typeof LoginRefusalSchema>;

/** The schemas the routes reference by `$ref`, added to the /bff scope and published as components. */
export const BFF_COMPONENTS = [SessionUserSchema, LoginRefusalSchema, ...ERROR_SCHEMAS] as const;

const sessionUser = (description: string) => refTo(SessionUserSchema, description);
const message = (description: string) => refTo(MessageErrorSchema, description);

/** What the request guard, the body parser and the error handler answer on any /bff route. */
const GUARDED_READ = {
  403: message('No `X-CSRF: 1` header'),
  500: refTo(ServerErrorSchema, 'Server error'),
};
const GUARDED_WRITE = {
  ...GUARDED_READ,
  403: message('No `X-CSRF: 1` header, or a write from another origin'),
  413: message('The body is larger than the gateway takes'),
  415: message('A body that is not application/json'),
};
const THROTTLED = message(
  'Too many sign-in attempts from this address (or, for the password, for this account): try again ' +
    'after Retry-After seconds',
);
const UNREACHABLE = message('identity-api did not answer, or answered no usable id_token');

/** Where a top-level navigation is sent next. */
const redirect = (description: string) =>
  Type.Null({
    description,
    headers: { location: Type.String({ description: 'The next address' }) },
  });

/**
 * Username and password. The handler asks for both itself (400 `{message}` when either is missing,
 * blank or not a string), so nothing else about them is refused here.
 */
export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1 }),
  password: Type.String({ minLength: 1 }),
});

/** The longest one-time token accepted (identity-api's are 43 characters); longer ones are refused. */
export const MAX_TOKEN_LENGTH = 512;
/** A username is never longer; a longer login_hint is dropped rather than sent to the issuer. */
export const MAX_LOGIN_HINT_LENGTH = 256;

/** The token of an e-mailed sign-in link (`/auth?token=`). */
export const AuthBody = Type.Object({
  token: Type.String({ minLength: 1, maxLength: MAX_TOKEN_LENGTH, description: 'The link’s one-time token' }),
});

/** Nothing: the browser sends `{}` (or no body); whatever comes is ignored. */
export const LogoutBody = Type.Object({}, { description: 'Ignored: `{}` or no body' });

export const ExternalLoginQuery = Type.Object({
  login_hint: Type.Optional(
    Type.String({
      description: `The username to prefill at the identity provider (left out when over ${MAX_LOGIN_HINT_LENGTH} characters)`,
    }),
  ),
});

/** What the issuer sends back (RFC 6749 §4.1.2, RFC 9207); openid-client checks all of it. */
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String()),
  state: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
});

const TAGS = ['bff'];

/**
 * The /bff routes, paths relative to the plugin's `/bff` prefix. routes/bff registers each from here
 * (and refuses any other), and lib/bff-openapi.ts publishes exactly these.
 */
export const BFF_ROUTES = {
  login: {
    method: 'POST' as const,
    url: '/login',
    schema: {
      summary: 'Sign in with username and password',
      description:
        "identity-api's password grant. Signed in: a new session (the session cookie), answered with " +
        'its user; the tokens stay on the server.',
      tags: TAGS,
      body: LoginBody,
      response: {
        200: sessionUser('Signed in'),
        400: Type.Union([refTo(LoginRefusalSchema), refTo(MessageErrorSchema)], {
          description:
            'Refused (`{error, message, redirectUrl?}`), or username or password missing ' +
            '(`{message}`), or a body that is not JSON',
        }),
        ...GUARDED_WRITE,
        429: THROTTLED,
        502: UNREACHABLE,
      },
    },
  },
  auth: {
    method: 'POST' as const,
    url: '/auth',
    schema: {
      summary: 'Sign in with an e-mailed sign-in link’s token',
      description: "identity-api's one-time-token grant: a link signs in once.",
      tags: TAGS,
      body: AuthBody,
      response: {
        200: sessionUser('Signed in'),
        400: Type.Union([refTo(ValidationErrorSchema), refTo(MessageErrorSchema)], {
          description:
            'No token (`{type: "validation", errors}`), or an invalid, used or expired one ' +
            '(`{message}`), or a body that is not JSON',
        }),
        ...GUARDED_WRITE,
        429: THROTTLED,
        502: UNREACHABLE,
      },
    },
  },
  user: {
    method: 'GET' as const,
    url: '/user',
    schema: {
      summary: 'The signed-in user',
      tags: TAGS,
      response: {
        200: sessionUser('The session’s user'),
        401: message('No session, or it has ended'),
        ...GUARDED_READ,
      },
    },
  },
  logout: {
    method: 'POST' as const,
    url: '/logout',
    schema: {
      summary: 'Sign out',
      description: 'Ends the session (its refresh token revoked) and clears the cookie; signed in or not.',
      tags: TAGS,
      body: LogoutBody,
      response: {
        204: NoContent,
        400: message('A body that is not JSON'),
        ...GUARDED_WRITE,
      },
    },
  },
  externalLogin: {
    method: 'GET' as const,
    url: '/external/login',
    schema: {
      summary: 'Start the external sign-in (a top-level navigation)',
      description:
        'Authorization code + PKCE at the external identity provider; no `X-CSRF` header (a navigation ' +
        'cannot send one).',
      tags: TAGS,
      querystring: ExternalLoginQuery,
      response: {
        302: redirect(
          "To the identity provider's sign-in page, or to `/?signin=failed` when it cannot be reached",
        ),
        429: THROTTLED,
        500: GUARDED_READ[500],
      },
    },
  },
  callback: {
    method: 'GET' as const,
    url: '/callback',
    schema: {
      summary: 'The external sign-in’s return (the redirect URI)',
      description: 'Checks the flow (state, flow cookie, nonce, PKCE), signs in and goes home.',
      tags: TAGS,
      querystring: CallbackQuery,
      response: {
        302: redirect('To `/` signed in, or to `/?signin=failed` with nothing stored'),
        500: GUARDED_READ[500],
      },
    },
  },
};
