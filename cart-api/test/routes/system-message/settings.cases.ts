import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { APP_CONFIG_EXAMPLE, SYSTEM_MESSAGE_EXAMPLE } from '../../../src/contract/system-message.js';
import { LOGIN_SYSTEM_MESSAGE } from '../../../src/db/reference-data.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { snapshot } from '../../helpers/parties.js';

/**
 * Utilities' settings (issue 23 item 3): compliance publishes, edits and deletes system messages,
 * writes the app configuration and the refresh-token setting; each change is in the change log. The
 * others are refused, bad input changes nothing, and the public reads show only current messages.
 */
describe('the settings of Utilities', () => {
  let ctx: TestContext;
  // The service's clock, moved by the tests: 2026-03-10 12:00 in New York (EDT, UTC-4).
  let now = new Date('2026-03-10T16:00:00.000Z');
  const compliance = { userId: 'u-compliance', roles: ['compliance'], username: 'pat.compliance' };
  const broker = { userId: 'u-broker', roles: ['broker'] };
  const employer = { userId: 'u-employer', roles: ['employer'] };

  beforeAll(async () => {
    ctx = await buildTestApp({}, undefined, { now: () => now });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** The current messages of a location as its readers see them: login's a guest, home's a signed-in user. */
  const publicMessages = async (location: 'login' | 'home') => {
    const url = `/system-message?location=${location}`;
    const answer =
      location === 'login'
        ? await ctx.app.inject({ method: 'GET', url })
        : await ctx.send(employer, 'GET', url);
    expect(answer.statusCode).toBe(200);
    return answer.json<Array<{ message: string; style: string; location: string }>>();
  };
  const changeLog = async (subject: string) =>
    (await ctx.send(compliance, 'GET', `/system-message/change-log?subject=${subject}`)).json<{
      data: Array<{
        user: string;
        action: string;
        description: string;
        recordId: string | null;
        changedAt: string;
        changes: Array<{ field: string; before: string | null; after: string | null }>;
      }>;
      pages: number;
    }>();

  it('refuses every write and read of Utilities to brokers, employers (403) and guests (401), changing nothing', async () => {
    const before = await snapshot(ctx.db);
    const id = LOGIN_SYSTEM_MESSAGE.system_message_id;
    const calls = [
      ['GET', '/system-message/all', undefined],
      ['POST', '/system-message', SYSTEM_MESSAGE_EXAMPLE],
      ['POST', `/system-message/${id}`, SYSTEM_MESSAGE_EXAMPLE],
      ['DELETE', `/system-message/${id}`, undefined],
      ['POST', '/system-message/config/app', APP_CONFIG_EXAMPLE],
      ['POST', '/system-message/config/refresh-token', { enabled: false }],
      ['GET', '/system-message/change-log', undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      for (const account of [broker, employer]) {
        const response = await ctx.send(account, method, url, payload);
        expect([method, url, response.statusCode]).toEqual([method, url, 403]);
      }
      const guest = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect([method, url, guest.statusCode]).toEqual([method, url, 401]);
    }
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('publishes a login message that guests see while it is current, and logs who did it', async () => {
    const created = await ctx.send(compliance, 'POST', '/system-message', {
      location: 'login',
      message: '  Maintenance tonight from 8 pm  ',
      style: 'warning',
      from: '2026-03-10T09:00',
      to: '2026-03-11',
      active: true,
    });
    expect(created.statusCode).toBe(200);
    const message = created.json<{ id: string }>();
    expect(message).toEqual({
      id: expect.any(String),
      location: 'login',
      message: 'Maintenance tonight from 8 pm',
      style: 'warning',
      from: '2026-03-10T09:00',
      to: '2026-03-11',
      active: true,
      current: true,
      status: 'shown',
      createdAt: now.toISOString(),
      updatedAt: null,
    });
    expect(await publicMessages('login')).toContainEqual({
      message: 'Maintenance tonight from 8 pm',
      style: 'warning',
      location: 'login',
    });
    // Not on the home page: a message shows where it was published.
    expect(await publicMessages('home')).toEqual([]);

    const log = await changeLog('system-message');
    expect(log.data[0]).toMatchObject({
      user: 'pat.compliance',
      action: 'create',
      recordId: message.id,
      changedAt: now.toISOString(),
      description: 'Created the login message "Maintenance tonight from 8 pm"',
    });
    expect(log.data[0]!.changes).toEqual([
      { field: 'Location', before: null, after: 'login' },
      { field: 'Message', before: null, after: 'Maintenance tonight from 8 pm' },
      { field: 'Level', before: null, after: 'warning' },
      { field: 'From', before: null, after: '2026-03-10T09:00' },
      { field: 'To', before: null, after: '2026-03-11' },
      { field: 'Active', before: null, after: 'Yes' },
    ]);
  });

  it('shows a message only within its window, New York time, both ends included', async () => {
    const created = await ctx.send(compliance, 'POST', '/system-message', {
      location: 'home',
      message: 'Renewal season: renew before March 31',
      style: 'info',
      from: '2026-03-12T08:30',
      to: '2026-03-14',
      active: true,
    });
    expect(created.statusCode).toBe(200);
    const shown = async (at: string) => {
      now = new Date(at);
      return (await publicMessages('home')).map((message) => message.message);
    };
    const text = ['Renewal season: renew before March 31'];
    // 08:29 and 08:30 in New York (EDT) on the 12th.
    expect(await shown('2026-03-12T12:29:59.999Z')).toEqual([]);
    expect(await shown('2026-03-12T12:30:00.000Z')).toEqual(text);
    // The whole of the 14th, to midnight in New York.
    expect(await shown('2026-03-15T03:59:59.999Z')).toEqual(text);
    expect(await shown('2026-03-15T04:00:00.000Z')).toEqual([]);
    // The admin list says the same, and where the message stands.
    const listed = async (at: string) => {
      now = new Date(at);
      const all = (await ctx.send(compliance, 'GET', '/system-message/all')).json<
        Array<{ id: string; current: boolean; status: string }>
      >();
      const found = all.find((message) => message.id === created.json<{ id: string }>().id)!;
      return [found.current, found.status];
    };
    expect(await listed('2026-03-12T12:29:59.999Z')).toEqual([false, 'scheduled']);
    expect(await listed('2026-03-13T12:00:00.000Z')).toEqual([true, 'shown']);
    expect(await listed('2026-03-15T04:00:00.000Z')).toEqual([false, 'ended']);
    now = new Date('2026-03-10T16:00:00.000Z');
  });

  it('edits a message field by field in the log, hides an inactive one, and deletes it', async () => {
    const { id } = (
      await ctx.send(compliance, 'POST', '/system-message', {
        ...SYSTEM_MESSAGE_EXAMPLE,
        location: 'home',
        message: 'Welcome back',
        style: 'success',
      })
    ).json<{ id: string }>();
    expect((await publicMessages('home')).map((m) => m.message)).toContain('Welcome back');

    now = new Date('2026-03-10T17:00:00.000Z');
    const edited = await ctx.send(compliance, 'POST', `/system-message/${id}`, {
      ...SYSTEM_MESSAGE_EXAMPLE,
      location: 'home',
      message: 'Welcome back',
      style: 'danger',
      active: false,
    });
    expect(edited.json()).toMatchObject({
      id,
      style: 'danger',
      active: false,
      current: false,
      status: 'inactive',
    });
    expect((await publicMessages('home')).map((m) => m.message)).not.toContain('Welcome back');
    const [update] = (await changeLog('system-message')).data;
    expect(update).toMatchObject({ action: 'update', recordId: id });
    expect(update!.changes).toEqual([
      { field: 'Level', before: 'success', after: 'danger' },
      { field: 'Active', before: 'Yes', after: 'No' },
    ]);

    // Saving it unchanged writes no row.
    const rows = (await changeLog('system-message')).data.length;
    await ctx.send(compliance, 'POST', `/system-message/${id}`, {
      ...SYSTEM_MESSAGE_EXAMPLE,
      location: 'home',
      message: 'Welcome back',
      style: 'danger',
      active: false,
    });
    expect((await changeLog('system-message')).data).toHaveLength(rows);

    now = new Date('2026-03-10T18:00:00.000Z');
    const deleted = await ctx.send(compliance, 'DELETE', `/system-message/${id}`);
    expect(deleted.json()).toEqual({ id, deleted: true });
    const [removal] = (await changeLog('system-message')).data;
    expect(removal).toMatchObject({
      action: 'delete',
      recordId: id,
      description: 'Deleted the home message "Welcome back"',
    });
    expect(removal!.changes).toContainEqual({ field: 'Message', before: 'Welcome back', after: null });
    expect((await ctx.send(compliance, 'GET', '/system-message/all')).json()).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    const again = await ctx.send(compliance, 'DELETE', `/system-message/${id}`);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'System message not found' }]);
    now = new Date('2026-03-10T16:00:00.000Z');
  });

  it('refuses a message that is blank, has a window that names no time or ends before it starts: 400, nothing changes', async () => {
    const before = await snapshot(ctx.db);
    const bad = [
      [{ message: '   ' }, ['Message is required']],
      [
        { from: '03/10/2026' },
        ['From must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, New York time)'],
      ],
      [
        { to: '2026-02-30' },
        ['To must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, New York time)'],
      ],
      [
        { to: '2026-03-10T24:00' },
        ['To must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, New York time)'],
      ],
      [{ from: '2026-03-12', to: '2026-03-11' }, ['To must not be before From']],
    ] as const;
    for (const [change, errors] of bad) {
      const response = await ctx.send(compliance, 'POST', '/system-message', {
        ...SYSTEM_MESSAGE_EXAMPLE,
        ...change,
      });
      expect([response.statusCode, response.json()]).toEqual([400, { type: 'validation', errors }]);
    }
    const unknownStyle = await ctx.send(compliance, 'POST', '/system-message', {
      ...SYSTEM_MESSAGE_EXAMPLE,
      style: 'primary',
    });
    expect(unknownStyle.statusCode).toBe(400);
    const unknownLocation = await ctx.send(compliance, 'POST', '/system-message', {
      ...SYSTEM_MESSAGE_EXAMPLE,
      location: 'checkout',
    });
    expect(unknownLocation.statusCode).toBe(400);
    const missing = await ctx.send(
      compliance,
      'POST',
      '/system-message/00000000-0000-4000-8000-000000000000',
      SYSTEM_MESSAGE_EXAMPLE,
    );
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'System message not found' }]);
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('writes the app configuration, which the public read answers, with each changed field logged', async () => {
    const body = {
      ...APP_CONFIG_EXAMPLE,
      links: {
        popImplementationGuide: '/guides/pop-implementation-guide.pdf',
        employeeQuickReferenceGuide: 'https://example.com/quick-reference.pdf',
      },
      videoIds: { ndtWalkthrough: 'dQw4w9WgXcQ' },
      support: { phone: '(000) 000-0000', email: ' help@example.com ' },
    };
    const saved = await ctx.send(compliance, 'POST', '/system-message/config/app', body);
    expect(saved.statusCode).toBe(200);
    const expected = { ...body, support: { phone: '(000) 000-0000', email: 'help@example.com' } };
    expect(saved.json()).toEqual(expected);
    expect((await ctx.app.inject({ method: 'GET', url: '/system-message/config/app' })).json()).toEqual(
      expected,
    );
    const [change] = (await changeLog('app-config')).data;
    expect(change).toMatchObject({
      user: 'pat.compliance',
      action: 'update',
      recordId: null,
      description:
        'Changed the app configuration: Employee quick reference guide link, Tutorial videos, Support phone, Support e-mail',
    });
    expect(change!.changes).toEqual([
      {
        field: 'Employee quick reference guide link',
        before: '/guides/employee-quick-reference-guide.pdf',
        after: 'https://example.com/quick-reference.pdf',
      },
      { field: 'Tutorial videos', before: '', after: 'ndtWalkthrough: dQw4w9WgXcQ' },
      { field: 'Support phone', before: '', after: '(000) 000-0000' },
      { field: 'Support e-mail', before: '', after: 'help@example.com' },
    ]);
  });

  it('refuses a configuration with a bad phone, e-mail, link, video id or placeholder: 400, nothing changes', async () => {
    const before = await snapshot(ctx.db);
    const response = await ctx.send(compliance, 'POST', '/system-message/config/app', {
      definitions: { keyEmployee: ' ', hce: `${NDT_DEFINITION_TEMPLATES.hce} {hceLimit}` },
      links: {
        popImplementationGuide: '//evil.example/guide.pdf',
        employeeQuickReferenceGuide: 'http://example.com/guide.pdf',
      },
      videoIds: { ndtWalkthrough: 'https://youtu.be/x' },
      support: { phone: '000-0000', email: 'support@' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      type: 'validation',
      errors: [
        'The key employee definition is required',
        'The HCE definition names {hceLimit}, which is not a placeholder: use {hcePayLimit}, {hcePayYear}, {officerLimit} or {officerYear}',
        'The POP implementation guide link must be an app path (starting with /) or an https:// address',
        'The employee quick reference guide link must be an app path (starting with /) or an https:// address',
        'The video "ndtWalkthrough" needs a YouTube video id: 11 letters, digits, - or _',
        'The support phone must be a phone number as (###) ###-####',
        'The support e-mail must be an e-mail address',
      ],
    });
    const unknownField = await ctx.send(compliance, 'POST', '/system-message/config/app', {
      ...APP_CONFIG_EXAMPLE,
      support: { ...APP_CONFIG_EXAMPLE.support, fax: '(000) 000-0001' },
    });
    expect(unknownField.statusCode).toBe(400);
    const badName = await ctx.send(compliance, 'POST', '/system-message/config/app', {
      ...APP_CONFIG_EXAMPLE,
      videoIds: { '1bad': 'dQw4w9WgXcQ' },
    });
    expect([badName.statusCode, badName.json()]).toEqual([
      400,
      { type: 'validation', errors: ['videoIds.1bad is not allowed'] },
    ]);
    expect(await snapshot(ctx.db)).toEqual(before);
  });

  it('turns the refresh of tokens off and on, logged, and the public read follows', async () => {
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/system-message/config/refresh-token' })).json();
    expect(await read()).toEqual({ enabled: true });
    const off = await ctx.send(compliance, 'POST', '/system-message/config/refresh-token', {
      enabled: false,
    });
    expect(off.json()).toEqual({ enabled: false });
    expect(await read()).toEqual({ enabled: false });
    const [change] = (await changeLog('refresh-token')).data;
    expect(change).toMatchObject({
      action: 'update',
      description: 'Turned the refresh of access tokens off',
      changes: [{ field: 'Refresh tokens', before: 'On', after: 'Off' }],
    });
    // The same value again changes nothing and writes no row.
    await ctx.send(compliance, 'POST', '/system-message/config/refresh-token', { enabled: false });
    expect((await changeLog('refresh-token')).data).toHaveLength(1);

    const before = await snapshot(ctx.db);
    const bad = await ctx.send(compliance, 'POST', '/system-message/config/refresh-token', { enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot(ctx.db)).toEqual(before);

    await ctx.send(compliance, 'POST', '/system-message/config/refresh-token', { enabled: true });
    expect(await read()).toEqual({ enabled: true });
  });

  it('pages the change log, newest first, across subjects', async () => {
    const all = (await ctx.send(compliance, 'GET', '/system-message/change-log?pageSize=2')).json<{
      data: Array<{ changedAt: string; subject: string }>;
      pages: number;
    }>();
    expect(all.data).toHaveLength(2);
    const total = (await ctx.db.selectFrom('settings_change').select('change_id').execute()).length;
    expect(all.pages).toBe(Math.ceil(total / 2));
    const times = all.data.map((row) => row.changedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
