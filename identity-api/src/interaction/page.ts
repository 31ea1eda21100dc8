import { createHash } from 'node:crypto';
import { escapeHtml } from 'shared-domain';

export const PAGE_TITLE = 'Sign in with your organization account';

/** The page's only style sheet, inline and allowed by its hash, so the CSP needs no 'unsafe-inline'. */
const STYLE = `
body { font-family: system-ui, sans-serif; background: #f4f6f8; margin: 0; }
main { max-width: 24rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: .5rem;
  box-shadow: 0 1px 4px rgba(0,0,0,.15); }
h1 { font-size: 1.25rem; margin-top: 0; }
label { display: block; margin: 1rem 0 .25rem; }
input { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; }
button { margin-top: 1.5rem; width: 100%; padding: .6rem; font-size: 1rem; color: #fff; background: #0d6efd;
  border: 0; border-radius: .25rem; cursor: pointer; }
.error { color: #842029; background: #f8d7da; padding: .75rem; border-radius: .25rem; }
.note { color: #6c757d; font-size: .875rem; }
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * Content-Security-Policy of the page: nothing but its own style; the form may post to us and be
 * redirected on to the gateway (`redirectOrigins`: browsers check form-action along the redirects).
 */
export function contentSecurityPolicy(redirectOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `form-action 'self' ${[...new Set(redirectOrigins)].join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** The page frame both pages share; `body` is already escaped HTML. */
function page(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PAGE_TITLE}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${PAGE_TITLE}</h1>
${body}
</main>
</body>
</html>
`;
}

/** The sign-in form; it posts to its own URL (no action), so it works under any path prefix. */
export function signInPage({ username = '', error }: { username?: string; error?: string }): string {
  return page(`${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<label for="username">Username</label>
<input id="username" name="username" autocomplete="username" required value="${escapeHtml(username)}"${username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${username ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<p class="note">Demo: this page stands in for your organization's identity provider.</p>`);
}

/** Shown when the sign-in cannot go on (expired or unknown interaction): start again from the app. */
export function expiredPage(message: string): string {
  return page(`<p class="error" role="alert">${escapeHtml(message)}</p>`);
}
