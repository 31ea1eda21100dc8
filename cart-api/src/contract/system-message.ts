import { Type, type Static } from 'service-kit';

export const SystemMessage = Type.Object({
  message: Type.String(),
  style: Type.Union([
    Type.Literal('info'),
    Type.Literal('success'),
    Type.Literal('warning'),
    Type.Literal('danger'),
  ]),
  location: Type.String(),
});
export type SystemMessage = Static<typeof SystemMessage>;

/** `GET system-message?location=`: the location's active messages. */
export const SystemMessages = Type.Array(SystemMessage);

export const AppConfig = Type.Object({
  definitions: Type.Object({ keyEmployee: Type.String(), hce: Type.String() }),
  links: Type.Object({ popImplementationGuide: Type.String(), employeeQuickReferenceGuide: Type.String() }),
  videoIds: Type.Record(Type.String(), Type.String()),
});
export type AppConfig = Static<typeof AppConfig>;

export const RefreshTokenSetting = Type.Object({ enabled: Type.Boolean() });
export type RefreshTokenSetting = Static<typeof RefreshTokenSetting>;

export const LocationQuery = Type.Object(
  { location: Type.String({ minLength: 1, maxLength: 50 }) },
  { additionalProperties: false },
);
