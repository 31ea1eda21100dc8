import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { paths, type AppConfig } from 'shared-ui';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import { AppConfigPage } from './AppConfigPage.js';

const config: AppConfig = {
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: {
    popImplementationGuide: '/guides/pop-implementation-guide.pdf',
    employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
  },
  videoIds: { ndtWalkthrough: 'abcdefghijk' },
  support: { phone: '', email: '' },
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={paths.utilities('app-config')} element={<AppConfigPage />} />
  </Routes>
);

function stub(extra: StubAnswers = {}) {
  return stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /system-message/config/app': { body: config },
    'GET /system-message/change-log': { body: { data: [], pages: 0 } },
    ...extra,
  } as StubAnswers);
}

const type = (element: HTMLElement, value: string) => {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
};

describe('Utilities → App Configuration', () => {
  it('opens with the configuration and saves it whole: support phone and e-mail, a pasted YouTube address as its id', async () => {
    const { calls } = stub({
      'POST /system-message/config/app': (call) => ({ body: call.body as AppConfig }),
    });
    renderAt(paths.utilities('app-config'), page());
    const form = await screen.findByRole('form', { name: 'App configuration' });
    expect((within(form).getByLabelText('Key employee') as HTMLTextAreaElement).value).toBe(
      NDT_DEFINITION_TEMPLATES.keyEmployee,
    );
    expect((within(form).getByLabelText('POP Implementation Guide link') as HTMLInputElement).value).toBe(
      '/guides/pop-implementation-guide.pdf',
    );
    expect((within(form).getByLabelText('Video 1 YouTube id') as HTMLInputElement).value).toBe('abcdefghijk');
    expect(await screen.findByText('No changes yet')).toBeTruthy();

    const phone = within(form).getByLabelText('Support phone');
    fireEvent.input(phone, { target: { value: '8001234567' } });
    fireEvent.blur(phone);
    type(within(form).getByLabelText('Support e-mail'), 'help@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Video' }));
    type(within(form).getByLabelText('Video 2 name'), 'renewals');
    type(
      within(form).getByLabelText('Video 2 YouTube id'),
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('App configuration saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      definitions: { ...NDT_DEFINITION_TEMPLATES },
      links: config.links,
      videoIds: { ndtWalkthrough: 'abcdefghijk', renewals: 'dQw4w9WgXcQ' },
      support: { phone: '(800) 123-4567', email: 'help@example.com' },
    });
  });

  it('refuses a link that is neither an app path nor https, a video without an id and an unknown placeholder, sending nothing', async () => {
    const { calls } = stub();
    renderAt(paths.utilities('app-config'), page());
    const form = await screen.findByRole('form', { name: 'App configuration' });
    type(within(form).getByLabelText('Employee Quick Reference Guide link'), 'http://example.com/guide.pdf');
    type(within(form).getByLabelText('Key employee'), 'An officer paid more than {officerPay}.');
    fireEvent.click(within(form).getByRole('button', { name: 'Add Video' }));
    type(within(form).getByLabelText('Video 2 name'), 'intro');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(form).findByText(
        'Give an app path (starting with /) or an https:// address, or leave it empty',
      ),
    ).toBeTruthy();
    expect(within(form).getByText('{officerPay} is not a placeholder')).toBeTruthy();
    expect(within(form).getByText('A YouTube video id (11 characters) or its YouTube address')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('removes a video', async () => {
    const { calls } = stub({
      'POST /system-message/config/app': (call) => ({ body: call.body as AppConfig }),
    });
    renderAt(paths.utilities('app-config'), page());
    const form = await screen.findByRole('form', { name: 'App configuration' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove video 1' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('App configuration saved');
    expect((calls.find((call) => call.method === 'POST')!.body as AppConfig).videoIds).toEqual({});
  });
});
