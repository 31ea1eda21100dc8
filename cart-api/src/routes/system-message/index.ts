import { ref, type FastifyPluginAsyncTypebox } from 'service-kit';
import { appConfig, messagesFor, refreshTokenSetting } from '../../domain/system-messages/queries.js';
import {
  AppConfig,
  LocationQuery,
  RefreshTokenSetting,
  SystemMessages,
} from '../../contract/system-message.js';
import guides from './guides.js';
import settings from './settings.js';

const PUBLIC = { access: 'public', ownership: 'none' } as const;

/**
 * The login screen's calls, public (no session yet): the current system messages of the sign-in page
 * (another location's, the signed-in home's, need a signed-in caller: `optional` access, checked by
 * `messagesFor`), the app configuration and the refresh-token setting; the guides they link
 * (guides.ts); and compliance's Utilities that change them, with their change log (settings.ts).
 */
const systemMessage: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: 'optional', ownership: 'none' },
      schema: {
        summary:
          'The current system messages of a location (active, now within their window): login, the sign-in page (anyone); home, the signed-in home (signed-in callers only)',
        querystring: LocationQuery,
        response: {
          200: SystemMessages,
          401: { description: 'A guest asking for a location other than login', ...ref('MessageError') },
        },
      },
    },
    async (request) => messagesFor(app.db, request.caller, request.query.location, app.now()),
  );

  app.get(
    '/config/app',
    {
      config: PUBLIC,
      schema: {
        summary: 'The app configuration: definitions, guide links, video ids, support phone and e-mail',
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

  await app.register(guides);
  await app.register(settings);
};

export default systemMessage;
