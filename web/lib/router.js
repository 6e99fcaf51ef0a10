// Pages by the location's hash: #/ (lobby), #/room/ID, #/replay/ID, #/tournaments,
// #/tournament/ID. A page is a function (host, params) returning its clean-up.

export function startRouter(routes, host) {
  let cleanUp = null;
  const show = () => {
    cleanUp?.();
    cleanUp = null;
    const [path, query = ''] = location.hash.replace(/^#/, '').split('?');
    const params = Object.fromEntries(new URLSearchParams(query));
    for (const [pattern, page] of routes) {
      const match = pattern.exec(path || '/');
      if (match) {
        host.replaceChildren();
        cleanUp = page(host, { ...params, id: match[1] && decodeURIComponent(match[1]) }) ?? null;
        host.focus?.({ preventScroll: true });
        return;
      }
    }
    location.hash = '#/';
  };
  addEventListener('hashchange', show);
  show();
}

export function go(path) {
  location.hash = `#${path}`;
}
