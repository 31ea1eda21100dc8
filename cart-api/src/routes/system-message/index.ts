import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig, RefreshTokenSetting, SystemMessage } from 'shared-domain';
import { REFRESH_TOKEN_SETTING_KEY } from '../../db/reference-data.js';

const locationQuerystring = {
  type: 'object',
  required: ['location'],
  properties: { location: { type: 'string', minLength: 1, maxLength: 50 } },
} as const;

/**
 * The login screen's calls, public (no session yet): system messages for a location, the app
 * configuration and the refresh-token setting.
 */
const systemMessage: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { location: string } }>(
    '/',
    { config: { access: 'public' }, schema: { querystring: locationQuerystring } },
    async (request): Promise<SystemMessage[]> => {
      const rows = await app.db
        .selectFrom('system_message')
        .select(['message', 'style', 'location'])
        .where('location', '=', request.query.location)
        .where('active', '=', 1)
        .orderBy('created_at')
        .orderBy('system_message_id')
        .execute();
      return rows;
    },
  );

  app.get('/config/app', { config: { access: 'public' } }, async (): Promise<AppConfig> => {
    const rows = await app.db.selectFrom('app_config').select(['key', 'value']).execute();
    const values = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
    return {
      definitions: (values.definitions ?? { keyEmployee: '', hce: '' }) as AppConfig['definitions'],
      links: (values.links ?? {
        popImplementationGuide: '',
        employeeQuickReferenceGuide: '',
      }) as AppConfig['links'],
      videoIds: (values.videoIds ?? {}) as AppConfig['videoIds'],
    };
  });

  app.get(
    '/config/refresh-token',
    { config: { access: 'public' } },
    async (): Promise<RefreshTokenSetting> => {
      const row = await app.db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', REFRESH_TOKEN_SETTING_KEY)
        .executeTakeFirst();
      const setting = row ? (JSON.parse(row.value) as Partial<RefreshTokenSetting>) : {};
      return { enabled: setting.enabled === true };
    },
  );
};

export default systemMessage;
