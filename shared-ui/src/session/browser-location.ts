/**
 * Leaving the app for another page (the external identity page). One indirection so tests can
 * observe it: jsdom implements no navigation, and window.location cannot be spied on.
 */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
