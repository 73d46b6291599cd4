// Sets the colour scheme before the page paints, so a dark page never flashes light (or the other
// way). It does what Mantine's ColorSchemeScript does, as a file: the Content-Security-Policy
// allows scripts from this origin only, never inline ones. The key and values are those of the
// app's colour scheme manager (src/app/color-scheme.ts).
(function () {
  var scheme = 'auto';
  try {
    var stored = window.localStorage.getItem('shelflink.colorScheme');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') scheme = stored;
  } catch (error) {
    // Without storage the page follows the operating system.
  }
  if (scheme === 'auto') {
    scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
