// Proves the boundary rules of eslint.config.js fire on a bad import and stay quiet on a good one.
// Each case lints a small text as if it were a file inside a real app folder (the imports it names
// exist, because the rules resolve them), with the real config. Run by `pnpm lint` (node --test).
import { ESLint } from 'eslint';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

/** The ids of the rules that report on `text` linted as the file `file` (relative to the root). */
async function rulesFiring(file, text) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** The files under `folder` (relative to the root) whose name matches `name`, node_modules and dot folders left out. */
async function filesUnder(folder, name) {
  const found = [];
  for (const entry of await readdir(path.join(root, folder), { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.'))
        found.push(...(await filesUnder(file, name)));
    } else if (name.test(entry.name)) found.push(file);
  }
  return found;
}

/** Asserts that `rule` reports on the bad text and that nothing at all reports on the good one. */
async function check(rule, file, { bad, good }) {
  for (const text of [bad].flat()) {
    assert.ok((await rulesFiring(file, text)).includes(rule), `${rule} should report on ${file}:\n${text}`);
  }
  for (const text of [good].flat()) {
    assert.deepEqual(await rulesFiring(file, text), [], `nothing should report on ${file}:\n${text}`);
  }
}

describe('features', () => {
  it('never import another feature, whatever the relative path', () =>
    check('import-x/no-restricted-paths', 'shell/src/features/auth/components/Probe.tsx', {
      bad: [
        "export { Overview } from '../../overview/components/Overview.js';",
        "export { Overview } from '../../../features/overview/components/Overview.js';",
      ],
      good: [
        "export { LoginPage } from './LoginPage.js';",
        "export { recordLogin } from '../api/record-login.js';",
        "export { PageTitle } from '../../../components/PageTitle.js';",
      ],
    }));

  it('never import the app', () =>
    check('import-x/no-restricted-paths', 'mf-ordering/src/features/cart/components/Probe.tsx', {
      bad: "export { App } from '../../../app/App.js';",
      good: "export { sanitizeMarkup } from '../../../lib/sanitize-markup.js';",
    }));

  it('are not imported by shared code', () =>
    check('import-x/no-restricted-paths', 'shell/src/components/Probe.tsx', {
      bad: "export { TopBar } from '../features/top-bar/components/TopBar.js';",
      good: "export { FeeText } from './FeeText.js';",
    }));
});

describe('apps', () => {
  it('a remote never imports another remote or the shell by name', () =>
    check('no-restricted-imports', 'mf-documents/src/features/client/components/Probe.tsx', {
      bad: [
        "export { App } from 'mf-ordering';",
        "export { CartPage } from 'mf-ordering/src/features/cart/components/CartPage.js';",
        "export { TopBar } from 'shell/src/features/top-bar/components/TopBar.js';",
      ],
      good: "export { formatDate } from 'shared-ui';",
    }));

  it('the shell never imports a remote by name: it loads remotes at runtime', () =>
    check('no-restricted-imports', 'shell/src/features/top-bar/components/Probe.tsx', {
      bad: "export { CartMenu } from 'mf-ordering/src/features/cart/components/CartMenu.js';",
      good: "export { useSession } from 'shared-ui';",
    }));

  it('never reach another package by a relative path', async () => {
    await check('import-x/no-relative-packages', 'mf-admin/src/features/orders/components/Probe.tsx', {
      bad: [
        "export { CartPage } from '../../../../../mf-ordering/src/features/cart/components/CartPage.js';",
        "export { TopBar } from '../../../../../shell/src/features/top-bar/components/TopBar.js';",
        "export { formatDate } from '../../../../../shared-ui/src/format.js';",
      ],
      good: "export { OrderActions } from './OrderCells.js';",
    });
    await check('import-x/no-relative-packages', 'shell/src/components/Probe.tsx', {
      bad: "export { ClientTable } from '../../../mf-admin/src/components/ClientTable.js';",
      good: "export { RemoteSlot } from './RemoteSlot.js';",
    });
  });

  it('import shared-ui and shared-domain only through their entry points', () =>
    check('no-restricted-imports', 'mf-ordering/src/features/cart/components/Probe.tsx', {
      bad: [
        "export { formatDate } from 'shared-ui/src/format.js';",
        "export { ROLES } from 'shared-domain/src/roles.js';",
        "export { serve } from 'service-kit/server';",
      ],
      good: [
        "export { formatDate } from 'shared-ui';",
        "export { stubFetch } from 'shared-ui/testing';",
        "export { ROLES } from 'shared-domain';",
      ],
    }));

  it('take the router from shared-ui/router, the one copy the shell shares; only that module imports react-router', async () => {
    await check('no-restricted-imports', 'mf-admin/src/features/clients/components/Probe.tsx', {
      bad: ["export { Link } from 'react-router-dom';", "export { useNavigate } from 'react-router';"],
      good: "export { Link, useNavigate } from 'shared-ui/router';",
    });
    assert.deepEqual(
      await rulesFiring('shared-ui/src/router.ts', "export { Link } from 'react-router-dom';"),
      [],
    );
  });

  it("take react-bootstrap's components from shared-ui/bootstrap, the one copy the shell shares", async () => {
    await check('no-restricted-imports', 'mf-ordering/src/features/cart/components/Probe.tsx', {
      bad: ["export { Button } from 'react-bootstrap';", "export { default } from 'react-bootstrap/Modal';"],
      good: "export { Button, Modal } from 'shared-ui/bootstrap';",
    });
    assert.deepEqual(
      await rulesFiring(
        'shared-ui/src/bootstrap.ts',
        "export { default as Modal } from 'react-bootstrap/Modal';",
      ),
      [],
    );
  });

  it('a service imports shared-domain only through its entry points', () =>
    check('no-restricted-imports', 'cart-api/src/Probe.ts', {
      bad: "export { createDatabase } from 'shared-domain/src/server/database.js';",
      good: "export { serve } from 'service-kit/server';",
    }));
});

describe('shared-domain is browser-safe', () => {
  it('imports no Node built-in and no server package (they live in service-kit/server)', () =>
    check('no-restricted-imports', 'shared-domain/src/Probe.ts', {
      bad: [
        "export { createHash } from 'node:crypto';",
        "export { Kysely } from 'kysely';",
        "export { serve } from 'service-kit/server';",
      ],
      good: "export { addDays } from 'date-fns';",
    }));
});

describe("cart-api's layers", () => {
  const rule = 'import-x/no-restricted-paths';
  it('a route folder imports the domain, never another route folder', () =>
    check(rule, 'cart-api/src/routes/order/Probe.ts', {
      bad: "export { cartOf } from '../shopping-cart/index.js';",
      good: "export { cartOf } from '../../domain/cart/queries.js';",
    }));

  it('the domain never imports routes', () =>
    check(rule, 'cart-api/src/domain/orders/Probe.ts', {
      bad: "export { default } from '../../routes/order/index.js';",
      good: "export { cartOf } from '../cart/queries.js';",
    }));

  it('the contract imports no domain module', () =>
    check(rule, 'cart-api/src/contract/Probe.ts', {
      bad: "export { cartOf } from '../domain/cart/queries.js';",
      good: "export { Cart } from './shopping-cart.js';",
    }));
});

describe('cycles', () => {
  // FeesDialog.tsx imports FeeText.tsx: FeeText importing FeesDialog back closes a cycle.
  it('no module imports a module that leads back to it', () =>
    check('import-x/no-cycle', 'shell/src/components/FeeText.tsx', {
      bad: "import { FeesDialog } from './FeesDialog.js';\nexport const Fee = FeesDialog;",
      good: "import { formatMoney } from 'shared-ui';\nexport const Fee = formatMoney;",
    }));
});

describe('screen paths', () => {
  const rule = 'no-restricted-syntax';
  const screen = 'mf-ordering/src/features/cart/components/Probe.tsx';
  const link = (to) =>
    `import { Link } from 'shared-ui/router';\nexport const Probe = () => <Link to=${to}>Go</Link>;`;
  const withPaths = (body) => `import { paths } from 'shared-ui';\n${body}`;

  it('come from shared-ui in links and navigation', () =>
    check(rule, screen, {
      bad: [
        link('"/basket"'),
        link('"/"'),
        link('{`/document/${encodeURIComponent("d-1")}/ndt`}'),
        link('{`${"x"}/admin/clients`}'),
        "export const go = (navigate: (to: string) => void) => navigate('/');",
        "export const go = (navigate: (to: string) => void) => navigate('/forgot-password?expired=true');",
        "export const links = [{ to: '/', label: 'Home' }];",
        "export const TOKEN_ROUTES = ['/first-time-setup/:token'];",
        // Only the call's own path argument is an API path.
        "import { apiClient } from 'shared-ui';\nexport const get = () => apiClient.GET('/order', { headers: { referer: '/client/x' } });",
        "export const go = (navigate: (to: string) => void) => navigate('/client/x');",
      ],
      good: [
        withPaths(link('{paths.basket()}')),
        withPaths(link('{paths.document("d-1")}')),
        withPaths('export const go = (navigate: (to: string) => void) => navigate(paths.home());'),
        "export const segments = (path: string) => path.split('/');",
        "export const user = () => fetch('/bff/user');",
        "export const authentication = '/authentication/x';",
        // API paths that begin like a screen, in the generated client's calls.
        "import { apiClient, queryKey } from 'shared-ui';\nexport const get = (clientId: string) => apiClient.GET('/client/{clientId}', { params: { path: { clientId } } });\nexport const key = (id: string) => queryKey('/client/{clientId}', id);",
        "import { useApi } from 'shared-ui';\nexport const useClient = (clientId: string) => useApi('/client/{clientId}', { path: { clientId } });",
      ],
    }));

  it('come from patterns in route definitions', () =>
    check(rule, screen, {
      bad: 'import { Route } from \'shared-ui/router\';\nexport const R = () => <Route path="basket" />;',
      good: [
        "import { Route } from 'shared-ui/router';\nimport { patterns } from 'shared-ui';\nexport const R = () => <Route path={patterns.basket} />;",
        'import { Route } from \'shared-ui/router\';\nexport const R = () => <Route path="*" />;',
      ],
    }));

  it('may be written by hand in tests and in the paths module', async () => {
    const text =
      "export const at = ['/basket', '/'];\nexport const go = (navigate: (to: string) => void) => navigate('/');";
    assert.deepEqual(await rulesFiring('mf-ordering/src/features/cart/components/Probe.test.tsx', text), []);
    assert.deepEqual(await rulesFiring('shared-ui/src/paths.ts', text), []);
  });

  it('are checked for every section of the paths table', async () => {
    const source = await readFile(path.join(root, 'shared-ui/src/paths.ts'), 'utf8');
    const table = source.slice(source.indexOf('export const patterns'));
    const sections = new Set([...table.matchAll(/'\/([a-z-]+)/g)].map(([, section]) => section));
    assert.ok(sections.has('document') && sections.has('admin'), 'the patterns table was read');
    for (const section of sections) {
      const text = `export const go = (navigate: (to: string) => void) => navigate('/${section}/x');`;
      assert.ok(
        (await rulesFiring(screen, text)).includes(rule),
        `a literal /${section} path should be reported`,
      );
    }
  });
});

describe('domain API paths', () => {
  const rule = 'no-restricted-syntax';
  const feature = 'mf-ordering/src/features/cart/api/probe.ts';

  it('are never written by hand: calls go through the generated client', () =>
    check(rule, feature, {
      bad: [
        'export const cart = (userId: string) => fetch(`/api/shopping-cart/${userId}`);',
        "export const orders = () => fetch('/api/order?page=1');",
        "export const base = '/api';",
      ],
      good: [
        "import { apiClient, call } from 'shared-ui';\nexport const orders = () => call(apiClient.GET('/order', { params: { query: {} } }));",
        "export const user = () => fetch('/bff/user');",
      ],
    }));

  it('are known to the client module alone', async () => {
    assert.deepEqual(await rulesFiring('shared-ui/src/api/client.ts', "export const API_BASE = '/api';"), []);
  });
});

describe('days', () => {
  it('are cut from instants by the time module only, never by toISOString().slice(0, 10)', () =>
    Promise.all(
      ['cart-api/src/Probe.ts', 'mf-admin/src/features/orders/components/Probe.tsx'].map((file) =>
        check('no-restricted-syntax', file, {
          bad: 'export const today = () => new Date().toISOString().slice(0, 10);',
          good: "import { productToday } from 'shared-domain';\nexport const today = () => productToday();",
        }),
      ),
    ));
});

describe('shared date modules', () => {
  // shared-ui/build/webpack.js shares date-fns by the modules shared-domain imports (one copy per page):
  // a new import would quietly be bundled twice, once in the shell and once in each remote.
  it('are exactly the date-fns modules the browser code imports', async () => {
    const { DATE_MODULES } = await import('./shared-ui/build/webpack.js');
    const imported = new Set();
    for (const pkg of ['shared-domain', 'shared-ui', 'shell', 'mf-ordering', 'mf-documents', 'mf-admin'])
      for (const file of await filesUnder(path.join(pkg, 'src'), /^(?!.*\.test\.tsx?$).*\.tsx?$/))
        for (const [, request] of (await readFile(path.join(root, file), 'utf8')).matchAll(
          /from '((?:date-fns|@date-fns\/tz)(?:\/[\w]+)?)'/g,
        ))
          imported.add(request);
    assert.deepEqual([...imported].sort(), Object.keys(DATE_MODULES).sort());
  });
});

describe('test files', () => {
  // A `*.cases.ts` runs only when an all.test.ts imports it (shared-domain/testing's importCases: the
  // nearest one in its folder or above, within its package): one with none would never run.
  const casesFiles = async () => {
    const found = [];
    for (const entry of await readdir(root, { withFileTypes: true }))
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
        for (const sub of ['src', 'test'])
          if (existsSync(path.join(root, entry.name, sub)))
            found.push(...(await filesUnder(path.join(entry.name, sub), /\.cases\.tsx?$/)));
    return found;
  };
  const runner = (file) => {
    const top = path.join(root, file.split(path.sep)[0]);
    for (let folder = path.dirname(path.join(root, file)); folder !== top; folder = path.dirname(folder))
      for (const name of ['all.test.ts', 'all.test.tsx'])
        if (existsSync(path.join(folder, name))) return path.join(folder, name);
    return null;
  };

  it('every cases file is run by an all.test.ts', async () => {
    const files = await casesFiles();
    assert.ok(files.length > 100, `only ${files.length} cases files found: is the walk right?`);
    assert.deepEqual(
      files.filter((file) => !runner(file)),
      [],
    );
  });

  it('every all.test.ts runs the cases of its folder', async () => {
    const runners = new Set((await casesFiles()).map(runner));
    for (const file of runners) {
      assert.match(await readFile(file, 'utf8'), /^await importCases\(import\.meta\.url\);$/m, file);
    }
  });

  it('no cases file registers a hook at its top level (it would run for the other files too)', async () => {
    const offending = [];
    for (const file of await casesFiles()) {
      const text = await readFile(path.join(root, file), 'utf8');
      // A hook, a Jest setting (fake timers, a spy), or the test helper that registers hooks
      // (cart-api's seededTestApp), called outside every describe.
      const topLevel =
        /^(?:beforeAll|afterAll|beforeEach|afterEach|jest\.\w+)\(|^(?:(?:const|let|var)\s[^=]+=\s*)?seededTestApp\(/m;
      if (topLevel.test(text)) offending.push(file);
    }
    assert.deepEqual(offending, []);
  });
});
