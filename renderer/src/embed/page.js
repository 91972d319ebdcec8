(function () {
  'use strict';
  var box = document.getElementById('label');
  var last = -1;
  function post() {
    try {
      var height = box.firstElementChild ? Math.ceil(box.getBoundingClientRect().height) : 0;
      if (height === last) return;
      last = height;
      if (window.parent !== window) parent.postMessage({ type: 'nls-embed:height', height: height }, '*');
    } catch (e) { /* nothing to report to */ }
  }
  function clear() {
    box.textContent = '';
    box.removeAttribute('data-hash');
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
        var label = JSON.parse(event.data);
        box.innerHTML = label.svg || '';
        box.setAttribute('data-hash', label.hash || '');
        post();
      } catch (e) { /* keep the current label */ }
    });
    source.addEventListener('revoked', function () {
      source.close();
      clear();
    });
    source.onerror = function () {
      // EventSource retries by itself after network errors and after the server ends a
      // stream (at its maximum lifetime); it gives up (CLOSED) on a non-200 answer: a 404
      // for a revoked token, a 429 over a stream cap, or a proxy's error page.
      if (source.readyState !== 2) return;
      fetch(location.pathname, { method: 'HEAD', cache: 'no-store' }).then(function (response) {
        if (response.status === 404) clear();
        else retry();
      }, retry);
    };
  }
  connect();
})();
