/* global showLastView -- last-view-script.js, inlined before this file */
/* The first script of the built index.html (src/prerender/handover.ts explains the whole). Before
   the body is parsed it decides whether the sign-in page's built copy goes on show, and in which
   language, and starts the app's scripts (the entry, and the first page's chunks as low-priority
   preloads), which the build took out of the head: at once, or, with the copy on show, once it has
   painted, so its HTML and stylesheets do not share a slow connection with the scripts. A failed
   download of the entry removes the copy (the page is then the app's own, as without a copy); the
   entry's own failures are handled by the app (src/index.tsx). `config` is
   written in by the build (sign-in-page.tsx). Plain ES2017 for every browser the portal supports. */

/** The copy's language, or null when the app's first paint would differ from the copy. Never throws. */
function copyLanguage(config) {
  try {
    if (location.pathname.replace(/\/+$/, '') !== config.path || location.hash) return null;
    // A stored session: the app restores it and opens another page.
    if (localStorage.getItem(config.sessionKey) || sessionStorage.getItem(config.sessionKey)) {
      return null;
    }
    // The notice of a session timeout shows above the form: the copy has not got it.
    if (sessionStorage.getItem(config.idleSignOutKey)) return null;
    var scheme = localStorage.getItem(config.colorSchemeKey);
    if (scheme && scheme !== 'light') return null;
    var siteLanguage = config.defaults.defaultLanguage;
    var cached = localStorage.getItem(config.settingsKey);
    if (cached) {
      // The school's own name, colours or theme, remembered from the last visit: the app paints
      // with them at once, and the copy (built with the defaults) would show something else first.
      var settings = JSON.parse(cached);
      for (var i = 0; i < config.exactKeys.length; i += 1) {
        var key = config.exactKeys[i];
        if (settings[key] !== config.defaults[key]) return null;
      }
      for (var j = 0; j < config.colorKeys.length; j += 1) {
        var color = config.colorKeys[j];
        if (String(settings[color]).toLowerCase() !== config.defaults[color].toLowerCase()) {
          return null;
        }
      }
      siteLanguage =
        config.languages.indexOf(settings.defaultLanguage) >= 0 ? settings.defaultLanguage : 'en';
    }
    var saved = localStorage.getItem(config.languageKey);
    return config.languages.indexOf(saved) >= 0 ? saved : siteLanguage;
  } catch (error) {
    // Blocked storage or a damaged entry: the app decides on its own.
    return null;
  }
}

function startPortal(config) {
  var root = document.documentElement;
  var started = false;
  var releaseLastView = null;
  // A script that fails to load leaves the app's own page (blank, as without a copy), never a
  // copy that takes a password and cannot send it, nor a dashboard that never comes alive.
  function removeCopy() {
    var container = document.getElementById(config.containerId);
    if (container) container.parentNode.removeChild(container);
    root.removeAttribute(config.attribute);
    if (releaseLastView) releaseLastView();
  }
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
      // In order, like the deferred scripts they replace (the bootstrap waits for the parsed body).
      script.async = false;
      script.onerror = removeCopy;
      document.head.appendChild(script);
    }
  }

  var language = copyLanguage(config);
  if (!language) {
    // A signed-in start: the dashboard as last seen, when it would look the same
    // (last-view-script.js), which starts the scripts once it has painted, as with the copy.
    releaseLastView = showLastView(config.lastView, start);
    if (!releaseLastView) start();
    return;
  }
  root.setAttribute(config.attribute, language);
  root.setAttribute('data-mantine-color-scheme', 'light');
  root.lang = language;
  document.title = config.titles[language];
  startWithoutFrames(start);
  startAfterPaint(start);
}

/** Calls `start` after the next paint: a frame's callback runs before it, a task queued from it after. */
function startAfterPaint(start) {
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
}

/**
 * Calls `start` where no paint will come to wait for: at once in a hidden tab, when the tab is
 * hidden before it paints, and at the page's load (an occluded window gets no frames). `start` runs
 * once however often it is called.
 */
function startWithoutFrames(start) {
  if (document.hidden) start();
  document.addEventListener('visibilitychange', start);
  window.addEventListener('load', start);
}
