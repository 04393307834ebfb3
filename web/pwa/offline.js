// The offline page's behaviour (web/pwa/offline.html): load the page the person asked for again
// as soon as the connection is back ("Try again" is a plain link to the same address), and speak
// the app's language: the choice kept by the app (web/lib/i18n.ts), else the browser's.
window.addEventListener('online', () => window.location.reload());

function chosenLanguage() {
  try {
    const chosen = localStorage.getItem('nearhire.language');
    if (chosen === 'en' || chosen === 'hi') return chosen;
  } catch {
    // storage blocked: the browser's language
  }
  const tags =
    navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language || ''];
  for (const tag of tags) {
    const lang = String(tag).toLowerCase().split('-')[0];
    if (lang === 'en' || lang === 'hi') return lang;
  }
  return 'en';
}

if (chosenLanguage() === 'hi') {
  document.documentElement.lang = 'hi';
  for (const element of document.querySelectorAll('[data-hi]'))
    element.textContent = element.dataset.hi;
}
