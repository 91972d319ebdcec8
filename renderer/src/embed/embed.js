/* NLS live nutrition label embed. Usage:
   <script src="https://SERVICE/embed.js" data-label="EMBED_TOKEN" data-width="290"></script>
   Inserts an iframe after each such script tag; the iframe takes the height its page
   reports. data-view="table" shows the label's data as an HTML table instead of the
   drawing. The label's schema.org NutritionInformation (JSON-LD) is placed in the host
   page beside the script, kept current as the label changes, so search engines read it as
   the page's own. Never throws into the host page; a bad token or an unreachable service
   leaves a zero-height iframe. */
(function () {
  'use strict';
  try {
    var TYPE = 'nls-embed:height';
    var DATA = 'nls-embed:data';
    var state = window.__nlsEmbed || (window.__nlsEmbed = { frames: [], listening: false });
    var current = document.currentScript;
    var originOf = function (src) {
      try {
        var origin = new URL(src, location.href).origin;
        return origin && origin !== 'null' ? origin : null;
      } catch (e) {
        return null;
      }
    };
    if (!state.listening) {
      state.listening = true;
      window.addEventListener('message', function (event) {
        try {
          var data = event.data;
          if (!data || (data.type !== TYPE && data.type !== DATA)) return;
          for (var i = 0; i < state.frames.length; i++) {
            var entry = state.frames[i];
            if (event.origin === entry.origin && event.source === entry.frame.contentWindow) {
              if (data.type === DATA) {
                // Only well-formed JSON is kept, re-serialised: a data block, never a script.
                var json = '';
                try {
                  json = data.jsonld ? JSON.stringify(JSON.parse(String(data.jsonld))) : '';
                } catch (e) { json = ''; }
                if (!json) {
                  // No label (yet, or any more): no data block.
                  if (entry.data && entry.data.parentNode) entry.data.parentNode.removeChild(entry.data);
                  entry.data = null;
                  return;
                }
                if (!entry.data) {
                  entry.data = document.createElement('script');
                  entry.data.type = 'application/ld+json';
                  if (entry.frame.parentNode) {
                    entry.frame.parentNode.insertBefore(entry.data, entry.frame.nextSibling);
                  }
                }
                entry.data.textContent = json.replace(/</g, '\\u003c');
                return;
              }
              var height = Math.round(Number(data.height));
              if (!(height >= 0)) height = 0;
              if (height > 20000) height = 20000;
              entry.frame.style.height = height + 'px';
              entry.frame.setAttribute('height', String(height));
              return;
            }
          }
        } catch (e) { /* never break the host page */ }
      }, false);
    }
    var scripts = document.querySelectorAll('script[data-label]');
    for (var i = 0; i < scripts.length; i++) {
      try {
        var script = scripts[i];
        if (script.hasAttribute('data-nls-embedded')) continue;
        var origin = originOf(script.getAttribute('src') || (current && current.src) || '');
        var token = script.getAttribute('data-label') || '';
        if (!origin || !/^[A-Za-z0-9_-]{1,128}$/.test(token)) continue;
        var width = parseInt(script.getAttribute('data-width') || '', 10);
        if (!(width >= 120 && width <= 2000)) width = 290;
        script.setAttribute('data-nls-embedded', '');
        var frame = document.createElement('iframe');
        var view = script.getAttribute('data-view') === 'table' ? '?view=table' : '';
        frame.src = origin + '/embed/' + encodeURIComponent(token) + view;
        frame.title = 'Nutrition Facts';
        frame.width = String(width);
        frame.height = '0';
        frame.setAttribute('frameborder', '0');
        frame.setAttribute('scrolling', 'no');
        frame.style.cssText =
          'border:0;display:block;overflow:hidden;max-width:100%;width:' + width + 'px;height:0';
        state.frames.push({ frame: frame, origin: origin });
        if (script.parentNode) script.parentNode.insertBefore(frame, script.nextSibling);
      } catch (e) { /* skip this label */ }
    }
  } catch (e) { /* never break the host page */ }
})();
