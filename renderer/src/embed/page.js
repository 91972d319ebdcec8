(function () {
  'use strict';
  var box = document.getElementById('label');
  var drawing = document.getElementById('drawing');
  var facts = document.getElementById('facts');
  var data = document.getElementById('nutrition-data');
  var last = -1;
  var lastData = null;
  function tell(message) {
    try {
      if (window.parent !== window) parent.postMessage(message, '*');
    } catch (e) { /* nothing to report to */ }
  }
  function post() {
    var shown = (drawing && drawing.firstElementChild) || (!drawing && facts && facts.firstElementChild);
    var height = shown ? Math.ceil(box.getBoundingClientRect().height) : 0;
    if (height !== last) {
      last = height;
      tell({ type: 'nls-embed:height', height: height });
    }
    // The label's schema.org data, for the host page to carry as its own JSON-LD.
    var json = data ? data.textContent : '';
    if (json !== lastData) {
      lastData = json;
      tell({ type: 'nls-embed:data', jsonld: json });
    }
  }
  function show(label) {
    if (drawing) drawing.innerHTML = label.svg || '';
    if (facts) facts.innerHTML = label.table || '';
    if (data) data.textContent = label.json_ld || '';
    if (label.hash) box.setAttribute('data-hash', label.hash);
    else box.removeAttribute('data-hash');
    post();
  }
  try { new ResizeObserver(post).observe(box); } catch (e) { /* posts below still run */ }
  window.addEventListener('load', post);
  post();
  if (!window.EventSource || !box.hasAttribute('data-live')) return;
  var url = location.pathname.replace(/\/+$/, '') + '/events';
  var source = null;
  var delay = 3000;
  function retry() {
    // Doubling to a minute, with jitter: a page refused for being over a stream cap (429)
    // asks again rarely, and pages refused together do not come back together.
    setTimeout(connect, delay / 2 + Math.random() * delay / 2);
    delay = Math.min(delay * 2, 60000);
  }
  function connect() {
    var hash = box.getAttribute('data-hash');
    source = new EventSource(hash ? url + '?since=' + encodeURIComponent(hash) : url);
    source.onopen = function () { delay = 3000; };
    source.addEventListener('label', function (event) {
      try {
        show(JSON.parse(event.data));
      } catch (e) { /* keep the current label */ }
    });
    source.addEventListener('revoked', function () {
      source.close();
      show({});
    });
    source.onerror = function () {
      // EventSource retries by itself after network errors and after the server ends a
      // stream (at its maximum lifetime); it gives up (CLOSED) on a non-200 answer: a 404
      // for a revoked token, a 429 over a stream cap, or a proxy's error page.
      if (source.readyState !== 2) return;
      fetch(location.pathname, { method: 'HEAD', cache: 'no-store' }).then(function (response) {
        if (response.status === 404) show({});
        else retry();
      }, retry);
    };
  }
  connect();
})();
