// Starts the app on a page the server rendered with its data (decision 024), once that page has
// painted: the app's code is asked for after the first frame, so a phone shows the screen first
// and runs the scripts after, instead of holding the first paint until they have loaded and run.
// The page names the entry and the screen's chunks on this script's data attributes.
(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute('data-entry');
  if (!entry) return;
  var chunks = (me.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // The entry in a task of its own, then the screen's chunks two at a time, each pair in a task of
  // its own: in Lighthouse's traces appending a module preload cost the main thread 1-3 ms (four
  // times that on a slow phone), forty at once were one long task, and six at a time still made
  // tasks of 8-25 ms (decision 024).
  var PER_TASK = 2;
  function start() {
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    setTimeout(function () {
      preload(0);
    }, 0);
  }
  function preload(from) {
    chunks.slice(from, from + PER_TASK).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    if (from + PER_TASK < chunks.length)
      setTimeout(function () {
        preload(from + PER_TASK);
      }, 0);
  }
  // The frame callback runs just before the first paint; the task it queues runs after it.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
})();
