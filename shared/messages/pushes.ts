// What the background pushes over a surface's state port: the whole view to our pages, the toast's slice to web pages.
import * as z from 'zod';
import { SurfaceView, ToastView } from '../core/controller/surface-view';
import { onFirstUse } from '../util/on-first-use';

/** To the popup and the options page: the surface view, stamped with the background's clock. */
export const StatePush = onFirstUse(() => z.object({ type: z.literal('state'), view: SurfaceView, now: z.number() }));
export type StatePush = z.infer<typeof StatePush>;

/** To a web page's toast: only what it shows. */
export const ToastPush = onFirstUse(() => z.object({ type: z.literal('toast'), view: ToastView }));
export type ToastPush = z.infer<typeof ToastPush>;
