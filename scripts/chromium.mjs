// Debian's Chromium and the flags every browser run here uses (Playwright tests, the bench).
// Playwright's own browser download does not work on this machine; `npm test` installs Chromium.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Store host names (demo.localhost, souq.localhost…) all reach the local servers.
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];
