import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { withPaging } from 'service-kit';
import {
  AppConfig,
  AppConfigBody,
  ManagedSystemMessage,
  ManagedSystemMessages,
  RefreshTokenBody,
  RefreshTokenSetting,
  SettingsChangePage,
  SettingsChangeQuery,
  SystemMessageBody,
  SystemMessageDeleted,
  SystemMessageIdParams,
} from '../../contract/system-message.js';
import { saveAppConfig, saveRefreshTokenSetting } from '../../domain/system-messages/app-config.js';
import { settingsChanges } from '../../domain/system-messages/change-log.js';
import {
  allMessages,
  createMessage,
  deleteMessage,
  updateMessage,
} from '../../domain/system-messages/manage.js';
import { COMPLIANCE } from '../../lib/contract.js';

// Compliance's alone (the others: 403 before anything is read). A system message belongs to no one, so
// its id needs no ownership policy: the operation answers 404 for an id that names none.
const COMPLIANCE_ONLY = { access: COMPLIANCE, ownership: 'none' } as const;

/**
 * Utilities' settings (issue 23 item 3; specs/3-admin.md §2 Utilities): the system messages, the app
 * configuration and the refresh-token setting, each change written to the change log in the same
 * transaction.
 */
const settings: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ db: app.db, now: app.now });

  app.get(
    '/all',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: 'Every system message with its window and whether it shows now (Utilities)',
        response: { 200: ManagedSystemMessages },
      },
    },
    async () => allMessages(deps()),
  );

  app.post(
    '',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: 'Publish a system message (logged)',
        body: SystemMessageBody,
        response: { 200: ManagedSystemMessage },
      },
    },
    async (request) => createMessage(deps(), request.caller!, request.body),
  );

  app.post(
    '/:systemMessageId',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: 'Replace a system message (logged; a save that changes nothing writes nothing)',
        params: SystemMessageIdParams,
        body: SystemMessageBody,
        response: { 200: ManagedSystemMessage },
      },
    },
    async (request) => updateMessage(deps(), request.caller!, request.params.systemMessageId, request.body),
  );

  app.delete(
    '/:systemMessageId',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: 'Delete a system message (logged with what it said)',
        params: SystemMessageIdParams,
        response: { 200: SystemMessageDeleted },
      },
    },
    async (request) => {
      await deleteMessage(deps(), request.caller!, request.params.systemMessageId);
      return { id: request.params.systemMessageId, deleted: true as const };
    },
  );

  app.post(
    '/config/app',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary:
          'Replace the app configuration: definitions, guide links, tutorial video ids, support phone and e-mail (logged)',
        body: AppConfigBody,
        response: { 200: AppConfig },
      },
    },
    async (request) => saveAppConfig(deps(), request.caller!, request.body),
  );

  app.post(
    '/config/refresh-token',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: 'Turn the refresh of access tokens on or off (logged; the gateway reads it when it starts)',
        body: RefreshTokenBody,
        response: { 200: RefreshTokenSetting },
      },
    },
    async (request) => saveRefreshTokenSetting(deps(), request.caller!, request.body),
  );

  app.get(
    '/change-log',
    {
      config: COMPLIANCE_ONLY,
      schema: {
        summary: "The settings' change log, newest first: who, when, each field before and after",
        querystring: SettingsChangeQuery,
        response: { 200: SettingsChangePage },
      },
    },
    async (request) => {
      const { page, pageSize } = withPaging(request.query);
      return settingsChanges(app.db, { subject: request.query.subject, page, pageSize });
    },
  );
};

export default settings;
