// Debian's Chromium, driven through the libraries Lighthouse already brings (chrome-launcher,
// puppeteer-core): no browser download, no extra dependency.
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';

const lighthouseRequire = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'));
const chromeLauncher = lighthouseRequire('chrome-launcher');
export const puppeteer = lighthouseRequire('puppeteer-core');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Starts Chromium with a DevTools port; `kill()` stops it. */
export function launchChromium() {
  return chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
}

const TYPES = {
  '.js': 'application/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
  '.json': 'application/json',
};

/**
 * Loads the shell's login page (`/` as a guest) from `distDir` in Chromium, with the gateway's answers
 * a guest gets (`/bff/user` 401, no system messages), and lists what the page fetched: the JS files
 * (names relative to dist) and whether it asked for `/remotes.json` or anything under `/remotes/`.
 */
export async function loginPageRequests(distDir) {
  const chrome = await launchChromium();
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      await page.setRequestInterception(true);
      const requested = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        requested.push(url.pathname);
        const json = (status, body) =>
          request.respond({ status, contentType: 'application/json', body: JSON.stringify(body) });
        if (url.pathname === '/bff/user') return json(401, { message: 'Unauthorized' });
        if (url.pathname === '/remotes.json') return json(200, { remotes: [] });
        if (url.pathname.startsWith('/api/system-message')) return json(200, []);
        if (/^\/(api|bff|remotes)\//.test(url.pathname)) return json(404, { message: 'Not found' });
        const file = normalize(join(distDir, url.pathname === '/' ? 'index.html' : url.pathname));
        if (!file.startsWith(distDir) || !existsSync(file)) return json(404, { message: 'Not found' });
        return request.respond({
          status: 200,
          contentType: TYPES[extname(file)] ?? 'application/octet-stream',
          body: readFileSync(file),
        });
      });
      await page.goto('http://login.bench/', { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.waitForSelector('h1', { timeout: 30_000 });
      const heading = await page.$eval('h1', (h1) => h1.textContent);
      if (heading !== 'Sign In') throw new Error(`the login page shows "${heading}", not "Sign In"`);
      return {
        scripts: requested.filter((path) => path.endsWith('.js')).map((path) => path.replace(/^\//, '')),
        remotesJson: requested.includes('/remotes.json'),
        remotes: requested.filter((path) => path.startsWith('/remotes/')),
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}
