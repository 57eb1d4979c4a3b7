// Applies the saved theme before the app starts, so the first paint has the right colours.
// An external file (not inline) so a strict Content-Security-Policy allows it.
/* global window */
(function () {
  try {
    var saved = window.localStorage.getItem('eproto-theme');
    var scheme = saved === 'light' ? 'light' : 'dark';
    var path = window.location.pathname.replace(/\/+$/, '');
    var publicPaths = ['/login', '/accept-invite', '/reset', '/reset-password'];
    if (publicPaths.indexOf(path) !== -1) scheme = 'dark';
    window.document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    /* storage unavailable: keep dark */
  }
})();
