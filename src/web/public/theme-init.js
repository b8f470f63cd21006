(function () {
  try {
    var stored = localStorage.getItem('xrp-research-theme');
    var theme = stored === 'dark' || stored === 'system' ? stored : 'light';
    var dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage blocked: stay light */
  }
})();
