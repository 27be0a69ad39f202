/* Runs right after the sign-in page's built copies in index.html (see head-script.js). Without it
   the copy would be a form that forgets what it is asked: it holds what the visitor does until the
   app takes over (takeSignInHandover in src/prerender/handover.ts), and does at once what plain
   HTML can (switch the language, show the password). `config` is written in by the build. */
function holdSignInCopy(config) {
  var container = document.getElementById(config.containerId);
  if (!container) return;
  var root = document.documentElement;
  if (!root.hasAttribute(config.attribute)) {
    // Not on show: the copies are of no use to this start.
    container.parentNode.removeChild(container);
    return;
  }
  // Only the copy on show stays in the document (a label, text or id is then never there twice);
  // the others wait here for the language switch.
  var copies = {};
  var children = container.querySelectorAll('[data-lang]');
  for (var c = 0; c < children.length; c += 1) {
    var lang = children[c].getAttribute('data-lang');
    copies[lang] = children[c];
    if (lang !== root.getAttribute(config.attribute)) container.removeChild(children[c]);
  }

  // Sign In or Enter: held, and sent by the app when it takes over. The last press wins: a link
  // pressed before it is forgotten, and the other way round.
  container.addEventListener('submit', function (event) {
    event.preventDefault();
    container.removeAttribute(config.viewRequestAttribute);
    container.setAttribute(config.submittedAttribute, '');
    var button = event.target.querySelector('[type="submit"]');
    if (button) button.setAttribute('aria-busy', 'true');
  });

  container.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    // "Forgot password?" and "Sign up": the app opens that view when it takes over.
    var link = target.closest('[' + config.viewAttribute + ']');
    if (link) {
      container.removeAttribute(config.submittedAttribute);
      var held = container.querySelector('[type="submit"][aria-busy]');
      if (held) held.removeAttribute('aria-busy');
      container.setAttribute(config.viewRequestAttribute, link.getAttribute(config.viewAttribute));
      return;
    }
    // The eye beside the password.
    var toggle = target.closest('.mantine-PasswordInput-visibilityToggle');
    var wrapper = toggle && toggle.closest('.mantine-PasswordInput-wrapper');
    var password = wrapper && wrapper.querySelector('input');
    if (password) {
      var show = password.type === 'password';
      password.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', String(show));
    }
  });

  // The language switch: the other copy, with what was typed carried over, remembered as the
  // visitor's choice like the app's switch does.
  container.addEventListener('change', function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'radio') return;
    var from = input.closest('[data-lang]');
    var language = input.value;
    var to = copies[language];
    if (!from || !to || to === from) return;
    var fields = from.querySelectorAll('input[data-path]');
    for (var i = 0; i < fields.length; i += 1) {
      var field = fields[i];
      var twin = to.querySelector('input[data-path="' + field.getAttribute('data-path') + '"]');
      if (!twin) continue;
      twin.value = field.value;
      twin.checked = field.checked;
      twin.type = field.type;
    }
    var toggles = [from, to].map(function (copy) {
      return copy.querySelector('.mantine-PasswordInput-visibilityToggle');
    });
    if (toggles[0] && toggles[1]) {
      toggles[1].setAttribute('aria-pressed', toggles[0].getAttribute('aria-pressed'));
    }
    // This copy's switch goes back to its own language, for when the visitor switches back.
    var own = from.querySelector(
      'input[type="radio"][value="' + from.getAttribute('data-lang') + '"]',
    );
    if (own) own.checked = true;
    // A held Sign In stays held, and says so, in the other language.
    var busy = to.querySelector('[type="submit"]');
    if (busy && container.hasAttribute(config.submittedAttribute)) {
      busy.setAttribute('aria-busy', 'true');
    }
    container.setAttribute(config.languageChosenAttribute, '');
    try {
      localStorage.setItem(config.languageKey, language);
    } catch (error) {
      // Not remembered; the switch itself still happens.
    }
    container.replaceChild(to, from);
    root.setAttribute(config.attribute, language);
    root.lang = language;
    document.title = config.titles[language];
    var chosen = to.querySelector('input[type="radio"][value="' + language + '"]');
    if (chosen) chosen.focus();
  });
}
