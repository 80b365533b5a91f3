// The replays' person pressing Allow for a backend: the consent the product stores, reaching the controller as saved settings do.
import { aiTargetOf, transition, type ControllerState } from '../../shared/core/controller';
import { SessionSettings } from '../../shared/core/session-settings';

/**
 * `state` after the person allowed `backend` at `at`. In the product the `answerAIConsent` request stores the answer in
 * the settings' `aiConsent` and the worker hands the controller the saved settings (`settingsSaved`); the same here, the
 * record checked by the schema the request's reply is checked by. Nothing about the consent check itself is bypassed:
 * the controller still decides from the stored answer whether a call may go.
 */
export function allowBackend(state: ControllerState, backend: string, at: number): ControllerState {
  const aiConsent = SessionSettings.shape.aiConsent.parse({ ...state.settings.aiConsent, [backend]: { answer: 'allowed', at } });
  const next = transition(state, { type: 'settingsSaved', at, settings: { ...state.settings, aiConsent } }).state;
  // A replay whose person cannot reach the backend would count no call at all: stop it instead of reporting that.
  const target = aiTargetOf(next);
  if (target?.backend !== backend) throw new Error(`allowing ${backend} left the AI target at ${target ? target.backend : 'none'}`);
  return next;
}
