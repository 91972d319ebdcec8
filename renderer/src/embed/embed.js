/* NLS live nutrition label embed. Usage:
   <script src="https://SERVICE/embed.js" data-label="EMBED_TOKEN" data-width="290"></script>
   Inserts an iframe after each such script tag; the iframe takes the height its page
   reports. Never throws into the host page; a bad token or an unreachable service leaves
   a zero-height iframe. */
(function () {
  'use strict';
  try {
    var TYPE = 'nls-embed:height';
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
          if (!data || data.type !== TYPE) return;
          for (var i = 0; i < state.frames.length; i++) {
            var entry = state.frames[i];
            if (event.origin === entry.origin && event.source === entry.frame.contentWindow) {
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
        frame.src = origin + '/embed/' + encodeURIComponent(token);
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
