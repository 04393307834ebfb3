// The offline page's one behaviour (web/pwa/offline.html): load the page the person asked for
// again as soon as the connection is back. "Try again" is a plain link to the same address.
window.addEventListener('online', () => window.location.reload());
