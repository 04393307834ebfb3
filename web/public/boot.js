// Starts the app on a page the server rendered with its data (decision 024), once that page has
// painted: the app's code is asked for after the first frame, so a phone shows the screen first
// and runs the scripts after, instead of holding the first paint until they have loaded and run.
// The page names the entry and the screen's chunks on this script's data attributes.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // The frame callback runs just before the first paint; the task it queues runs after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
