import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { broker, employer, renderAt, stubFetch } from 'shared-ui/testing';
import { usePendingActionItems } from '../api/get-pending-action-items.js';
import { ActionItems } from './ActionItems.js';
import { type ActionItem, type PendingActionItems } from 'shared-ui';

const invite: ActionItem = {
  id: 'ai-1',
  itemType: 'pop-document-invite',
  description: JSON.stringify({ broker: 'Acme invited you to review', default: 'You have been invited' }),
  json: '{"DocumentId":"doc-1"}',
  createdBy: 'demo.employer',
  createdDate: '2026-11-21T10:00:00.000Z',
};
const renewal: ActionItem = {
  ...invite,
  id: 'ai-2',
  itemType: 'pop-document-renewal',
  description: 'The POP document for Acme is ready for renewal',
};
const none: PendingActionItems = { today: [], yesterday: [], pastweek: [], older: [] };
const pendingUrl = (userId: string) => `GET /api/action-item/${userId}/pending`;

afterEach(cleanup);

describe('ActionItems', () => {
  it('shows the four groups with their counts, each item with its description and Click to view', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      [pendingUrl('u-broker')]: { body: { ...none, today: [invite], older: [renewal] } },
    });
    renderAt('/', <ActionItems user={broker} />);

    expect(await screen.findByRole('heading', { name: 'Action Items' })).toBeTruthy();
    for (const [title, count] of [
      ['Today', '1'],
      ['Yesterday', '0'],
      ['Past Week', '0'],
      ['Older', '1'],
    ]) {
      expect(screen.getByRole('heading', { name: `${title} ${count}` })).toBeTruthy();
    }
    const today = screen.getByRole('region', { name: 'Today 1' });
    expect(within(today).getByText('Acme invited you to review')).toBeTruthy();
    expect(within(today).getByRole('link', { name: 'Click to view' }).getAttribute('href')).toBe(
      '/document/action-item/ai-1',
    );
    expect(screen.getByText('The POP document for Acme is ready for renewal')).toBeTruthy();
  });

  it("shows an invite's default text to users who are not brokers", async () => {
    stubFetch({
      'GET /bff/user': { body: employer },
      [pendingUrl('u-employer')]: { body: { ...none, today: [invite] } },
    });
    renderAt('/', <ActionItems user={employer} />);
    expect(await screen.findByText('You have been invited')).toBeTruthy();
    expect(screen.queryByText('Acme invited you to review')).toBeNull();
  });

  it('renders nothing when no item is pending', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, [pendingUrl('u-broker')]: { body: none } });
    /** Reads the same cached answer: once it shows, the panel has had the answer too. */
    function Loaded() {
      const { data } = usePendingActionItems(broker.userId);
      return data ? <p>answered</p> : null;
    }
    const { container } = renderAt(
      '/',
      <>
        <ActionItems user={broker} />
        <Loaded />
      </>,
    );
    await screen.findByText('answered');
    expect(container.textContent).toBe('answered');
  });
});
