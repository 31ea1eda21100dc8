import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { ToastHost, dismissToasts, notifyError, notifySuccess } from './toasts.js';

/** Toasts that are on screen (a closing toast keeps its text in the DOM but loses its role). */
const onScreen = (text: string) =>
  screen.queryAllByRole('alert').filter((toast) => toast.textContent?.includes(text));

describe('toasts', () => {
  afterEach(() => {
    act(() => dismissToasts());
    cleanup();
  });

  it('a notice repeated while the first is on screen renews it: one toast, not two', async () => {
    render(<ToastHost />);
    act(() => notifySuccess('Rule has been saved'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    act(() => notifySuccess('Rule has been saved'));
    expect(await screen.findAllByRole('alert')).toHaveLength(1);
    expect(onScreen('Rule has been saved')).toHaveLength(1);
    // Not even a second element on its way out: a page reads the text once.
    expect(screen.getAllByText('Rule has been saved')).toHaveLength(1);
  });

  it('a notice repeated while the first is closing is shown again (it was dropped)', async () => {
    render(<ToastHost />);
    act(() => notifySuccess('Rule has been saved'));
    const first = await screen.findByRole('alert');
    // The user closes it; jsdom plays no exit animation, so it stays mid-exit, as a real one does for a moment.
    act(() => within(first).getByRole('button', { name: /close/i }).click());
    expect(onScreen('Rule has been saved')).toHaveLength(0);
    act(() => notifySuccess('Rule has been saved'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onScreen('Rule has been saved')).toHaveLength(1);
  });

  it('different texts and kinds each get their toast', async () => {
    render(<ToastHost />);
    act(() => {
      notifySuccess('Rule has been saved');
      notifyError('Rule has been saved');
      notifySuccess('Rule has been removed');
    });
    expect(await screen.findAllByRole('alert')).toHaveLength(3);
  });
});
