// The frame's side of its size channel: taken only from the content script that knows the secret in the frame's address.
/**
 * The channel the content script hands over with the secret it put in this frame's address (the page can post to this
 * window too, but knows no secret). The height goes only there: a message to the page's window would tell the page's
 * scripts this frame's origin.
 */
export function channelToHost(win: Window): (height: number) => void {
  const secret = win.location.hash.slice(1);
  let port: MessagePort | undefined;
  let last: number | undefined;
  const onMessage = (event: MessageEvent) => {
    const given = event.ports[0];
    if (port || !secret || !given || (event.data as { antidriftChannel?: unknown } | null)?.antidriftChannel !== secret) return;
    port = given;
    win.removeEventListener('message', onMessage);
    if (last !== undefined) port.postMessage({ height: last });
  };
  win.addEventListener('message', onMessage);
  return (height) => {
    last = height;
    port?.postMessage({ height });
  };
}
