import { useApi, type ApiQuery, type ApiResult } from 'shared-ui';

export type SettingsSubject = NonNullable<ApiQuery<'/system-message/change-log'>['subject']>;
export type SettingsChange = ApiResult<'/system-message/change-log'>['data'][number];

/** GET system-message/change-log: one subject's changes, newest first, a page of ten. */
export const useSettingsChangeLog = (subject: SettingsSubject, page: number) =>
  useApi('/system-message/change-log', { query: { subject, page, pageSize: 10 } });
