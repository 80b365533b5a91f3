// Background service worker entry: registers listeners synchronously, then delegates.
export default defineBackground(() => {
  browser.runtime.onInstalled.addListener(() => {
    // Filled by the background issue: the controller shell.
  });
});
