/* global startAfterPaint, startWithoutFrames -- head-script.js, inlined after this file */
/* Part of the first script of the built index.html (src/prerender/last-view.ts explains the whole):
   on a start with a stored session, shows the dashboard as the same user last saw it, inert, while
   the app starts underneath in a hidden #root, when the app would paint the same. The app removes
   it when its own page has settled; a timer removes it if that never comes. `config` is written in
   by the build (sign-in-page.tsx). Plain ES2017 for every browser the portal supports. */

/** The stored last view this start may show, or null. Never throws. */
function lastViewToShow(config) {
  try {
    // Where the app looks first (shared-data's rememberMeStorage): the storage "Remember me" names.
    var remembered = localStorage.getItem(config.rememberMeKey) !== 'false';
    var first = remembered ? localStorage : sessionStorage;
    var second = remembered ? sessionStorage : localStorage;
    var storage = first.getItem(config.sessionKey)
      ? first
      : second.getItem(config.sessionKey)
        ? second
        : null;
    if (!storage) return null;
    var record = JSON.parse(storage.getItem(config.key) || 'null');
    var session = JSON.parse(storage.getItem(config.sessionKey));
    if (!record || record.version !== config.version) return null;
    if (!session || !session.user || session.user.id !== record.userId) return null;
    if (location.pathname !== record.path || location.search || location.hash) return null;
    var age = Date.now() - record.savedAt;
    if (!(age >= 0 && age < config.maxAgeMs)) return null;
    // The same build of the shell: its entry was among the page's scripts.
    for (var e = 0; e < config.entries.length; e += 1) {
      if (record.scripts.indexOf(new URL(config.entries[e], location.href).href) < 0) return null;
    }
    // What the app's language, colour scheme and branding follow from, as when it was taken.
    if (localStorage.getItem(config.languageKey) !== record.savedLanguage) return null;
    if (localStorage.getItem(config.settingsKey) !== record.cachedSettings) return null;
    if (localStorage.getItem(config.colorSchemeKey) !== record.savedColorScheme) return null;
    var dark = Boolean(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark !== record.prefersDark) return null;
    // The first of the browser's languages the portal has (shared-ui's browserLanguage).
    var browserLanguage = null;
    var tags = navigator.languages && navigator.languages.length ? navigator.languages : [];
    if (!tags.length && navigator.language) tags = [navigator.language];
    for (var i = 0; i < tags.length && !browserLanguage; i += 1) {
      var base = tags[i].toLowerCase().split('-')[0];
      if (config.languages.indexOf(base) >= 0) browserLanguage = base;
    }
    if (browserLanguage !== record.browserLanguage) return null;
    if (typeof record.html !== 'string' || !record.styles.length) return null;
    for (var s = 0; s < record.styles.length; s += 1) {
      if (typeof record.styles[s].href !== 'string') return null;
    }
    // Only what the app keeps (last-view.ts): markup with nothing in it that could run.
    if (new RegExp(config.unsafeMarkup, 'i').test(record.html)) return null;
    return record;
  } catch (error) {
    // Blocked storage or a damaged entry: the app paints on its own.
    return null;
  }
}

/**
 * Shows the last view once the body and its stylesheets are in, and calls `start` (which starts the
 * app's scripts) once it has painted, as soon as it will not be shown after all, or when its
 * stylesheets take too long. Returns what removes it, or null when there is none to show (`start`
 * is then the caller's).
 */
function showLastView(config, start) {
  var record = lastViewToShow(config);
  if (!record) return null;
  var html = document.documentElement;
  var done = false;
  var timer = 0;
  function release() {
    if (done) return;
    done = true;
    clearTimeout(timer);
    var container = document.getElementById(config.containerId);
    if (container) container.parentNode.removeChild(container);
    html.removeAttribute(config.attribute);
    start();
  }
  function paint() {
    // The app may have settled first (then it has removed the attribute) or failed meanwhile.
    if (done || html.getAttribute(config.attribute) !== 'pending') return;
    // Parsed inert (a template runs nothing); the app kept only markup with nothing to run in it.
    var template = document.createElement('template');
    template.innerHTML = record.html;
    var container = document.createElement('div');
    container.id = config.containerId;
    container.setAttribute('inert', '');
    container.setAttribute('aria-hidden', 'true');
    container.appendChild(template.content);
    var app = document.getElementById('root');
    app.parentNode.insertBefore(container, app.nextSibling);
    html.setAttribute(config.attribute, 'shown');
    html.setAttribute('data-mantine-color-scheme', record.colorScheme);
    html.lang = record.language;
    html.dir = record.direction;
    document.title = record.title;
    startAfterPaint(start);
  }
  function show() {
    if (done) return;
    // The viewport's meta tag comes after this script: the width is known once the head is parsed.
    if (window.innerWidth !== record.width) {
      release();
      return;
    }
    // The app's scripts wait for the copy's paint, but not for a slow stylesheet.
    setTimeout(start, config.styleWaitMs);
    var present = {};
    var links = document.querySelectorAll('link[rel="stylesheet"]');
    for (var i = 0; i < links.length; i += 1) present[links[i].href] = links[i];
    var waiting = 0;
    function loaded() {
      waiting -= 1;
      if (waiting === 0) paint();
    }
    function failed(event) {
      // A stylesheet gone (a deploy since): the app paints on its own, and the dead link goes so
      // the next copy does not ask for it again.
      var link = event.target;
      if (link.parentNode && link.hasAttribute(config.linkAttribute)) {
        link.parentNode.removeChild(link);
      }
      release();
    }
    // In the order the page had them, after the page's own (which come first there too).
    for (var j = 0; j < record.styles.length; j += 1) {
      var style = record.styles[j];
      var link = present[style.href];
      if (!link) {
        link = document.createElement('link');
        link.rel = 'stylesheet';
        link.setAttribute(config.linkAttribute, '');
        if (style.crossOrigin !== null) link.setAttribute('crossorigin', style.crossOrigin);
        link.href = style.href;
        document.head.appendChild(link);
      }
      if (!link.sheet) {
        waiting += 1;
        link.addEventListener('load', loaded);
        link.addEventListener('error', failed);
      }
    }
    if (waiting === 0) paint();
  }

  html.setAttribute(config.attribute, 'pending');
  timer = setTimeout(release, config.timeoutMs);
  startWithoutFrames(start);
  // The stylesheets download while the HTML is parsed.
  for (var i = 0; i < record.styles.length; i += 1) {
    var preload = document.createElement('link');
    preload.rel = 'preload';
    preload.as = 'style';
    if (record.styles[i].crossOrigin !== null) {
      preload.setAttribute('crossorigin', record.styles[i].crossOrigin);
    }
    preload.href = record.styles[i].href;
    document.head.appendChild(preload);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', show);
  else show();
  return release;
}
