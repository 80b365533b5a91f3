// Background service worker entry: everything is registered synchronously inside startBackground.
import '../shared/core/zod-jitless';
import { browserPlatform, startBackground } from '../background';

export default defineBackground(() => {
  startBackground(browserPlatform());
});
