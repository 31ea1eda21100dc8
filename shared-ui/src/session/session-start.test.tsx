import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { broker, stubFetch, writeBootBlock, type StubAnswer } from '../testing/index.js';
import { PREPARE_SIGNED_IN_MS, SessionProvider, useSession, type Session } from './session.js';

let session: Session;
function Probe() {
  session = useSession();
  return <p data-testid="status">{`${session.status} ${session.user?.userId ?? '-'}`}</p>;
}
const shown = () => screen.getByTestId('status').textContent;

/** Issue 24 item 8: the session as the page starts it, and a sign-in that shows its screen whole. */
describe('SessionProvider start and sign-in', () => {
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  /** The provider started on a page with `block`: what it shows at once, and the requests it made after a while. */
  async function startOn(block: unknown, userAnswer: StubAnswer) {
    const remove = writeBootBlock(block);
    try {
      const { calls } = stubFetch({ 'GET /bff/user': userAnswer });
      render(
        <SessionProvider>
          <Probe />
        </SessionProvider>,
      );
      const first = shown();
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      return { first, later: shown(), requests: calls.map((c) => c.url) };
    } finally {
      remove();
    }
  }

  it('starts signed in with the user the gateway wrote into the page, without asking /bff/user', async () => {
    const user = `signed-in ${broker.userId}`;
    expect(
      await startOn({ user: broker, remotes: { remotes: [] } }, { status: 401, body: { message: 'no' } }),
    ).toEqual({ first: user, later: user, requests: [] });
  });

  it('starts as a guest when the page says it was asked with no session, without asking /bff/user', async () => {
    expect(await startOn({ systemMessages: { login: [] }, guest: true }, { body: broker })).toEqual({
      first: 'guest -',
      later: 'guest -',
      requests: [],
    });
  });

  it('a block without a well-formed user is none: the session is asked for', async () => {
    const remove = writeBootBlock({ user: { name: 'no id' } });
    try {
      const { calls } = stubFetch({ 'GET /bff/user': { body: broker } });
      render(
        <SessionProvider>
          <Probe />
        </SessionProvider>,
      );
      expect(shown()).toBe('loading -');
      await screen.findByText(`signed-in ${broker.userId}`);
      expect(calls.map((c) => c.url)).toEqual(['/bff/user']);
    } finally {
      remove();
    }
  });

  it('switches to the signed-in screen once `prepare` has loaded it, and after PREPARE_SIGNED_IN_MS at most', async () => {
    stubFetch({
      'GET /bff/user': { status: 401, body: { message: 'no' } },
      'POST /bff/login': { body: broker },
    });
    let finish!: () => void;
    const prepare = jest.fn((_user: unknown) => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <SessionProvider prepare={prepare}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('guest -');
    let signedIn!: Promise<unknown>;
    act(() => {
      signedIn = session.signIn('demo.broker', 'x');
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(prepare).toHaveBeenCalledWith(broker);
    expect(shown()).toBe('guest -');
    await act(async () => {
      finish();
      await signedIn;
    });
    expect(shown()).toBe(`signed-in ${broker.userId}`);

    // A prepare that never settles holds the switch PREPARE_SIGNED_IN_MS, no longer.
    cleanup();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const stuck = jest.fn(() => new Promise<void>(() => undefined));
    render(
      <SessionProvider prepare={stuck}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    act(() => {
      signedIn = session.signIn('demo.broker', 'x');
    });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(PREPARE_SIGNED_IN_MS - 50);
    });
    expect(shown()).toBe('guest -');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(100);
      await signedIn;
    });
    expect(shown()).toBe(`signed-in ${broker.userId}`);
  });
});
