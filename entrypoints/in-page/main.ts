// The frame the content script puts in web pages: the drift banner and the heads-up, drawn here where no page can reach.
import { browser } from '@wxt-dev/browser';
import { subscribeState } from '../../ui/connection/runtime';
import { startBannerFrame } from '../../ui/in-page/banner-frame';
import { channelToHost } from '../../ui/in-page/host-channel';

// Only inside a web page's frame: opened as a tab of its own, it has nothing to show.
if (window.top !== window) {
  startBannerFrame({
    doc: document,
    subscribe: (onState) => subscribeState(onState),
    send: (message) => void browser.runtime.sendMessage(message).catch(() => undefined),
    resize: channelToHost(window),
    privateWindow: browser.extension?.inIncognitoContext ?? false,
  });
}
