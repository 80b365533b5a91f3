// Background service worker entry: the stored state asked for first, then everything registered synchronously inside startBackground.
// First: imports are evaluated in order, so the read overlaps the evaluation of everything below.
import '../background/read-at-wake';
import '../shared/core/zod-jitless';
import { browserPlatform, startBackground } from '../background';

export default defineBackground(() => {
  startBackground(browserPlatform());
});
