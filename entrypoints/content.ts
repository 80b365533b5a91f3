// In-page toast content script: renders the soft and hard drift tiers in a shadow root.
export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main() {
    // Filled by the surfaces issue.
  },
});
