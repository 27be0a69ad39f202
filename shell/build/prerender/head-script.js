/* The first script of the built index.html (src/prerender/handover.ts explains the whole).
   It decides, before the body is parsed, whether the sign-in page's built copy goes on show and in
   which language. `config` is written in by the build (sign-in-page.tsx). Plain ES2017 for every
   browser the portal supports; it must never throw, and shows nothing it is not sure of. */
function showSignInCopy(config) {
  var language;
  try {
    if (location.pathname.replace(/\/+$/, '') !== config.path || location.hash) return;
    // A stored session: the app restores it and opens another page.
    if (localStorage.getItem(config.sessionKey) || sessionStorage.getItem(config.sessionKey))
      return;
    // The notice of a session timeout shows above the form: the copy has not got it.
    if (sessionStorage.getItem(config.idleSignOutKey)) return;
    var scheme = localStorage.getItem(config.colorSchemeKey);
    if (scheme && scheme !== 'light') return;
    var siteLanguage = config.defaults.defaultLanguage;
    var cached = localStorage.getItem(config.settingsKey);
    if (cached) {
      // The school's own name, colours or theme, remembered from the last visit: the app paints
      // with them at once, and the copy (built with the defaults) would show something else first.
      var settings = JSON.parse(cached);
      for (var i = 0; i < config.brandingKeys.length; i += 1) {
        var key = config.brandingKeys[i];
        if (String(settings[key]).toLowerCase() !== String(config.defaults[key]).toLowerCase())
          return;
      }
      siteLanguage =
        config.languages.indexOf(settings.defaultLanguage) >= 0 ? settings.defaultLanguage : 'en';
    }
    var saved = localStorage.getItem(config.languageKey);
    language = config.languages.indexOf(saved) >= 0 ? saved : siteLanguage;
  } catch (error) {
    // Blocked storage or a damaged entry: the app decides on its own.
    return;
  }
  var root = document.documentElement;
  root.setAttribute(config.attribute, language);
  root.setAttribute('data-mantine-color-scheme', 'light');
  root.lang = language;
  document.title = config.titles[language];
}
