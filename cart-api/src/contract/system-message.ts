import type {
  AppConfig as SharedAppConfig,
  RefreshTokenSetting as SharedRefreshTokenSetting,
  SystemMessage as SharedSystemMessage,
} from 'shared-domain';
import { Type, type Static } from 'service-kit';
import type { Assert, Same } from '../lib/contract.js';

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

export const AppConfig = Type.Object({
  definitions: Type.Object({ keyEmployee: Type.String(), hce: Type.String() }),
  links: Type.Object({ popImplementationGuide: Type.String(), employeeQuickReferenceGuide: Type.String() }),
  videoIds: Type.Record(Type.String(), Type.String()),
});

export const RefreshTokenSetting = Type.Object({ enabled: Type.Boolean() });

export const LocationQuery = Type.Object(
  { location: Type.String({ minLength: 1, maxLength: 50 }) },
  { additionalProperties: false },
);

export type _SystemMessageIsShared = Assert<Same<Static<typeof SystemMessage>, SharedSystemMessage>>;
export type _AppConfigIsShared = Assert<Same<Static<typeof AppConfig>, SharedAppConfig>>;
export type _RefreshTokenSettingIsShared = Assert<
  Same<Static<typeof RefreshTokenSetting>, SharedRefreshTokenSetting>
>;
