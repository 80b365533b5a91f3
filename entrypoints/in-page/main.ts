// The frame the content script puts in web pages: the drift banner and the heads-up, drawn here where no page can reach.
import { browser } from '@wxt-dev/browser';
import { subscribeState } from '../../ui/connection/runtime';
import { startBannerFrame } from '../../ui/in-page/banner-frame';

// Only inside a web page's frame: opened as a tab of its own, it has nothing to show.
if (window.top !== window) {
  startBannerFrame({
    doc: document,
    subscribe: (onState) => subscribeState(onState),
    send: (message) => void browser.runtime.sendMessage(message).catch(() => undefined),
    // The page learns a height and nothing else: the content script sizes the frame from it.
    resize: (height) => window.parent.postMessage({ antidriftFrameHeight: height }, '*'),
    privateWindow: browser.extension?.inIncognitoContext ?? false,
  });
}
