import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { activeMessages, appConfig, refreshTokenSetting } from '../../domain/system-messages/queries.js';
import {
  AppConfig,
  LocationQuery,
  RefreshTokenSetting,
  SystemMessages,
} from '../../contract/system-message.js';

const PUBLIC = { access: 'public', ownership: 'none' } as const;

/**
 * The login screen's calls, public (no session yet): system messages for a location, the app
 * configuration and the refresh-token setting.
 */
const systemMessage: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: PUBLIC,
      schema: {
        summary: 'The active system messages of a location (the login screen: location=login)',
        querystring: LocationQuery,
        response: { 200: SystemMessages },
      },
    },
    async (request) => activeMessages(app.db, request.query.location),
  );

  app.get(
    '/config/app',
    {
      config: PUBLIC,
      schema: {
        summary: 'The app configuration: definitions, guide links, video ids',
        response: { 200: AppConfig },
      },
    },
    async () => appConfig(app.db),
  );

  app.get(
    '/config/refresh-token',
    {
      config: PUBLIC,
      schema: {
        summary: 'Whether sessions refresh their access token',
        response: { 200: RefreshTokenSetting },
      },
    },
    async () => refreshTokenSetting(app.db),
  );
};

export default systemMessage;
