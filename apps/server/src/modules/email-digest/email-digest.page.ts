const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The unsubscribe link's pages (no session, no app bundle): a message and, to confirm, a form
 * that posts `List-Unsubscribe=One-Click` to the same address (RFC 8058's body).
 */
export function digestPage(p: { title: string; message: string; confirm?: boolean }): string {
  const form = p.confirm
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Cancelar o resumo diário</button></form>`
    : '';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(p.title)} — E-Proto</title>
<style>
:root{color-scheme:light dark}
body{margin:0;padding:24px 16px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f1f3f5;color:#212529}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 12px}p{line-height:1.5;margin:0 0 20px}
button{font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 20px;min-height:44px;background:#1c7ed6;color:#fff;cursor:pointer;width:100%}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}main{background:#25262b}}
</style></head>
<body><main><h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.message)}</p>${form}</main></body></html>
`;
}
