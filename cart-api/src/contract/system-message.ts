import { LiteralUnion, Nullable, Page, PagedSearchQuery, Type, Uuid, type Static } from 'service-kit';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';

/** The specs' styles of a system message: Bootstrap's alert variants (specs/1-foundation.md §2). */
export const MESSAGE_STYLES = ['info', 'success', 'warning', 'danger'] as const;
/** Where a message shows: the sign-in page, or the signed-in home ('/'). */
export const MESSAGE_LOCATIONS = ['login', 'home'] as const;
export type MessageLocation = (typeof MESSAGE_LOCATIONS)[number];

const Style = LiteralUnion(MESSAGE_STYLES, { description: "the message's alert style" });
const Location = LiteralUnion(MESSAGE_LOCATIONS, {
  description: 'login: the sign-in page; home: the signed-in home',
});

export const SystemMessage = Type.Object({
  message: Type.String(),
  style: Style,
  location: Type.String(),
});
export type SystemMessage = Static<typeof SystemMessage>;

/** `GET system-message?location=`: the location's current messages (active, within their window). */
export const SystemMessages = Type.Array(SystemMessage);

/** Where a message stands now, as Utilities lists it. */
export const MESSAGE_STATUSES = ['shown', 'scheduled', 'ended', 'inactive'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const WINDOW_BOUND =
  'YYYY-MM-DD (the whole day) or YYYY-MM-DDTHH:MM (that minute), New York time; null: open-ended';

/** A system message as Utilities manages it (compliance). */
export const ManagedSystemMessage = Type.Object({
  id: Uuid(),
  location: Location,
  message: Type.String(),
  style: Style,
  from: Nullable(Type.String({ description: `first moment shown: ${WINDOW_BOUND}` })),
  to: Nullable(Type.String({ description: `last moment shown (inclusive): ${WINDOW_BOUND}` })),
  active: Type.Boolean(),
  current: Type.Boolean({ description: 'shown now: active, and now is within from and to' }),
  status: LiteralUnion(MESSAGE_STATUSES, {
    description: 'shown (now); scheduled (from is still to come); ended (to has passed); inactive',
  }),
  createdAt: Type.String({ description: 'ISO instant' }),
  updatedAt: Nullable(Type.String({ description: 'ISO instant of the last edit' })),
});
export type ManagedSystemMessage = Static<typeof ManagedSystemMessage>;
export const ManagedSystemMessages = Type.Array(ManagedSystemMessage);

export const SYSTEM_MESSAGE_EXAMPLE = {
  location: 'login',
  message: 'Scheduled maintenance on Saturday from 8 to 10 pm Eastern: sign-in may be unavailable.',
  style: 'warning',
  from: null,
  to: null,
  active: true,
} as const;

/** `POST system-message` and `POST system-message/{systemMessageId}`: the whole message. */
export const SystemMessageBody = Type.Object(
  {
    location: Location,
    message: Type.String({ maxLength: 1000, description: 'the text shown; not blank' }),
    style: Style,
    from: Nullable(Type.String({ maxLength: 16, description: WINDOW_BOUND })),
    to: Nullable(Type.String({ maxLength: 16, description: `${WINDOW_BOUND}; not before from` })),
    active: Type.Boolean({ description: 'false: never shown, whatever the window' }),
  },
  { additionalProperties: false, examples: [SYSTEM_MESSAGE_EXAMPLE] },
);
export type SystemMessageBody = Static<typeof SystemMessageBody>;

export const SystemMessageIdParams = Type.Object(
  { systemMessageId: Uuid() },
  { additionalProperties: false },
);

export const SystemMessageDeleted = Type.Object({ id: Uuid(), deleted: Type.Literal(true) });

const Definitions = {
  keyEmployee: Type.String(),
  hce: Type.String(),
};
const Links = {
  popImplementationGuide: Type.String(),
  employeeQuickReferenceGuide: Type.String(),
};
const Support = {
  phone: Type.String({ description: "the support line, (###) ###-####; '' when not set" }),
  email: Type.String({ description: "the support e-mail address; '' when not set" }),
};

/**
 * `GET system-message/config/app`: the specs' definitions, links and videoIds, and the support phone
 * and e-mail the error window and Contact Us show.
 */
export const AppConfig = Type.Object({
  definitions: Type.Object(Definitions),
  links: Type.Object(Links),
  videoIds: Type.Record(Type.String(), Type.String()),
  support: Type.Object(Support),
});
export type AppConfig = Static<typeof AppConfig>;

const strict = { additionalProperties: false } as const;
/** A tutorial video's name: the tutorials page titles it ('ndtWalkthrough' → 'Ndt walkthrough'). */
export const VIDEO_NAME = '^[A-Za-z][A-Za-z0-9_-]{0,39}$';

export const APP_CONFIG_EXAMPLE = {
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: {
    popImplementationGuide: '/guides/pop-implementation-guide.pdf',
    employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
  },
  videoIds: {},
  support: { phone: '(000) 000-0000', email: 'support@example.com' },
};

/** `POST system-message/config/app`: the whole configuration (compliance). */
export const AppConfigBody = Type.Object(
  {
    definitions: Type.Object(
      {
        keyEmployee: Type.String({
          maxLength: 4000,
          description: 'not blank; may name {officerLimit}, {officerYear}, {hcePayLimit}, {hcePayYear}',
        }),
        hce: Type.String({ maxLength: 4000, description: 'not blank; the same placeholders' }),
      },
      strict,
    ),
    links: Type.Object(
      {
        popImplementationGuide: Type.String({
          maxLength: 2048,
          description: "an app path (/…) or an https:// address; '' hides the link",
        }),
        employeeQuickReferenceGuide: Type.String({ maxLength: 2048, description: 'the same' }),
      },
      strict,
    ),
    videoIds: Type.Record(
      Type.String({ pattern: VIDEO_NAME }),
      Type.String({ maxLength: 200, description: 'a YouTube video id (11 letters, digits, - or _)' }),
      {
        maxProperties: 20,
        additionalProperties: false,
        description:
          'the tutorial videos: a name (a letter, then up to 39 letters, digits, - or _) → its YouTube id',
      },
    ),
    support: Type.Object(
      {
        phone: Type.String({ maxLength: 20, description: "(###) ###-####, or '' for none" }),
        email: Type.String({ maxLength: 254, description: "an e-mail address, or '' for none" }),
      },
      strict,
    ),
  },
  { additionalProperties: false, examples: [APP_CONFIG_EXAMPLE] },
);
export type AppConfigBody = Static<typeof AppConfigBody>;

export const RefreshTokenSetting = Type.Object({ enabled: Type.Boolean() });
export type RefreshTokenSetting = Static<typeof RefreshTokenSetting>;

/** `POST system-message/config/refresh-token` (compliance). */
export const RefreshTokenBody = Type.Object(
  { enabled: Type.Boolean({ description: 'whether sessions refresh their access token' }) },
  { additionalProperties: false, examples: [{ enabled: true }] },
);

/** `GET system-message?location=`: `login` is anyone's; another location (`home`) a signed-in caller's. */
export const LocationQuery = Type.Object(
  {
    location: Type.String({
      minLength: 1,
      maxLength: 50,
      examples: ['login'],
      description: 'login: the sign-in page (anyone); home: the signed-in home (signed-in callers only)',
    }),
  },
  { additionalProperties: false },
);

/** What a settings change is about. */
export const SETTINGS_SUBJECTS = ['system-message', 'app-config', 'refresh-token'] as const;
export type SettingsSubject = (typeof SETTINGS_SUBJECTS)[number];
export const SETTINGS_ACTIONS = ['create', 'update', 'delete'] as const;
export type SettingsAction = (typeof SETTINGS_ACTIONS)[number];

/** One field of a change: its value before and after (null: it had none, as when created or deleted). */
export const FieldChange = Type.Object({
  field: Type.String(),
  before: Nullable(Type.String()),
  after: Nullable(Type.String()),
});
export type FieldChange = Static<typeof FieldChange>;

/** A row of the settings' change log: who, when, what changed. */
export const SettingsChange = Type.Object({
  id: Uuid(),
  changedAt: Type.String({ description: 'ISO instant' }),
  user: Type.String({ description: "who: the caller's username" }),
  subject: LiteralUnion(SETTINGS_SUBJECTS),
  recordId: Nullable(Uuid({ description: "the system message's id; null for the others" })),
  action: LiteralUnion(SETTINGS_ACTIONS),
  description: Type.String(),
  changes: Type.Array(FieldChange),
});
export type SettingsChange = Static<typeof SettingsChange>;
export const SettingsChangePage = Page(SettingsChange);
export type SettingsChangePage = Static<typeof SettingsChangePage>;

export const SettingsChangeQuery = Type.Object(
  {
    subject: Type.Optional(
      LiteralUnion(SETTINGS_SUBJECTS, { description: 'only the changes of this subject' }),
    ),
    page: PagedSearchQuery.properties.page,
    pageSize: PagedSearchQuery.properties.pageSize,
  },
  { additionalProperties: false },
);

/** A guide (a PDF made once per process). */
export const GuidePdf = Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the PDF' });
