/* The last script of the built index.html: starts the app's scripts (the entry, and the first
   page's chunks as low-priority preloads), which the build took out of the head. With the sign-in
   page's built copy on show (head-script.js) they start once the copy has painted, so its HTML and
   stylesheets do not share a slow connection with the scripts; otherwise at once, as the head's
   deferred entry script would have. `config` is written in by the build (sign-in-page.tsx). */
function startApp(config) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    for (var i = 0; i < config.preloads.length; i += 1) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = config.preloads[i];
      link.fetchPriority = 'low';
      document.head.appendChild(link);
    }
    for (var j = 0; j < config.entries.length; j += 1) {
      var script = document.createElement('script');
      script.src = config.entries[j];
      // In order, like the deferred scripts they replace.
      script.async = false;
      document.head.appendChild(script);
    }
  }
  if (!document.documentElement.hasAttribute(config.attribute) || document.hidden) {
    start();
    return;
  }
  // A frame's callback runs before its paint; a task queued from it runs after.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // A tab hidden before that frame paints nothing: start there too.
  document.addEventListener('visibilitychange', start);
}
